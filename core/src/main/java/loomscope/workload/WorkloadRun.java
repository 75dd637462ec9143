package loomscope.workload;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One execution of a scenario, as the seeds do it: a launcher creates and starts N threads in a
 * loop and the clock stops when the last task is done. Everything that happens is told to a
 * {@link RunObserver}. Cancel stops it at any moment: sleepers are interrupted, tasks not yet begun skip
 * their work, and the carriers stop once every thread of the run has ended.
 */
public final class WorkloadRun {

    private final WorkloadConfig config;
    private final RunObserver observer;
    private final CancelToken cancel = new CancelToken();
    private final Thread[] threads;
    private final AtomicInteger created = new AtomicInteger();
    private final AtomicInteger completed = new AtomicInteger();
    private final AtomicInteger ended = new AtomicInteger();
    private final CountDownLatch allEnded;
    private final CountDownLatch finished = new CountDownLatch(1);
    /** The scenario's per-run state: what each task runs. */
    private final ScenarioRun scenarioRun;
    private final Thread launcher;
    private volatile CarrierPool pool;
    private Map<Runnable, Integer> continuationIndex;
    private volatile long startNanos;
    private volatile long endNanos;
    private volatile Throwable failure;

    private WorkloadRun(WorkloadConfig config, RunObserver observer) {
        this.config = config;
        this.observer = observer;
        this.threads = new Thread[config.threads()];
        this.allEnded = new CountDownLatch(config.threads());
        checkRunnable(config);
        this.scenarioRun = config.scenario().prepare(config);
        this.launcher = new Thread(this::launchAndWait, "loomscope-launcher");
        this.launcher.setDaemon(true);
    }

    /**
     * Checks that this JVM can run {@code config}, before anything starts.
     *
     * @throws UnsupportedModeException saying why not and what would work
     */
    public static void checkRunnable(WorkloadConfig config) {
        if (config.recordsMounts() && !VirtualThreads.poolAvailable()) {
            throw new UnsupportedModeException(
                    "the carrier pool needs --add-opens java.base/java.lang=ALL-UNNAMED on the java command line");
        }
        config.scenario().checkRunnable();
    }

    /**
     * Starts a run in the background.
     *
     * @throws UnsupportedModeException if this JVM cannot run the configuration (e.g. native-frame on JDK 21)
     */
    public static WorkloadRun start(WorkloadConfig config, RunObserver observer) {
        WorkloadRun run = new WorkloadRun(config, observer);
        run.launcher.start();
        return run;
    }

    private void launchAndWait() {
        int previousParallelism = -1;
        try {
            if (config.threadKind() == ThreadKind.VIRTUAL && config.scheduler() == SchedulerKind.DEFAULT) {
                previousParallelism = DefaultSchedulerParallelism.set(config.parallelism());
            }
            Thread.Builder builder = builder();
            startNanos = System.nanoTime();
            observer.runStarted(startNanos);
            launchAll(builder);
            awaitAllEnded();
            endNanos = System.nanoTime();
            joinAll();
            CarrierPool p = pool;
            if (p != null) {
                p.awaitMountsReported(1_000);   // the clock already stopped at endNanos; this only completes the recording
            }
            observer.runEnded(endNanos, completed.get(), cancel.isCancelled() || failure != null);
        } catch (Throwable e) {
            failure = e;
            cancel.cancel();
            endNanos = System.nanoTime();
            observer.runEnded(endNanos, completed.get(), true);
        } finally {
            CarrierPool p = pool;
            if (p != null) {
                p.close();
                // join() returns when a thread is TERMINATED, a moment before its last unmount is recorded:
                // wait for the carriers so that a finished run's recording holds every mount
                awaitCarriers(p);
            }
            try {
                if (previousParallelism > 0) {
                    DefaultSchedulerParallelism.restore(previousParallelism);
                }
                scenarioRun.close();
            } catch (RuntimeException | Error e) {
                if (failure == null) {
                    failure = e;
                }
            } finally {
                finished.countDown();   // whatever failed above: a run that never says it ended hangs every waiter
            }
        }
    }

    /**
     * Until every task has ended, or the carriers cannot go on: a carrier the JVM could not start, or a mount the pool
     * could not take, may have lost a thread's wake-up, and the run would wait forever without a word.
     */
    private void awaitAllEnded() throws InterruptedException {
        while (!allEnded.await(250, TimeUnit.MILLISECONDS)) {
            CarrierPool p = pool;
            String why = p == null ? null : p.cannotGoOn();
            if (why != null) {
                throw new RunCannotGoOn(why);
            }
        }
    }

    /** The carriers cannot go on; the run ends with this as its failure. */
    static final class RunCannotGoOn extends IllegalStateException {
        RunCannotGoOn(String why) {
            super(why + "; the run cannot go on");
        }

        /** Its words only: "the run failed: the JVM could not start carrier thread …". */
        @Override
        public String toString() {
            return getMessage();
        }
    }

    private static void awaitCarriers(CarrierPool p) {
        try {
            p.awaitTermination(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Thread.Builder builder() {
        if (config.threadKind() == ThreadKind.PLATFORM) {
            return Thread.ofPlatform().name("loomscope-task-", 0).daemon(true);
        }
        if (config.scheduler() == SchedulerKind.DEFAULT) {
            return Thread.ofVirtual().name("loomscope-vt-", 0);
        }
        Map<Runnable, Integer> vtByContinuation = new ConcurrentHashMap<>(config.threads() * 2);
        this.continuationIndex = vtByContinuation;
        pool = new CarrierPool(config.parallelism(), config.scenario().onJdkCarriers(), observer, r -> {
            Integer vt = vtByContinuation.get(r);
            return vt == null ? -1 : vt;
        });
        return VirtualThreads.builderOn(pool).name("loomscope-vt-", 0);
    }

    private void launchAll(Thread.Builder builder) {
        int n = config.threads();
        for (int i = 0; i < n; i++) {
            if (cancel.isCancelled()) {
                for (int skipped = i; skipped < n; skipped++) {
                    allEnded.countDown();
                }
                return;
            }
            Runnable task = new TaskFrame(i, scenarioRun, observer, cancel, this::taskDone, this::taskFailed);
            Thread thread = builder.unstarted(task);
            if (continuationIndex != null) {
                continuationIndex.put(VirtualThreads.runContinuationOf(thread), i);
            }
            threads[i] = thread;
            created.incrementAndGet();
            observer.phase(i, Phase.CREATED, System.nanoTime());
            thread.start();
        }
    }

    private void taskDone(boolean taskCompleted) {
        if (taskCompleted) {
            completed.incrementAndGet();
        }
        ended.incrementAndGet();
        allEnded.countDown();
    }

    /** A scenario's task threw: the run stops, and says why in {@link #failure()}. */
    private void taskFailed(Throwable e) {
        synchronized (this) {
            if (failure == null) {
                failure = e;
            }
        }
        cancel();
    }

    private void joinAll() throws InterruptedException {
        for (Thread t : threads) {
            if (t != null) {
                t.join();
            }
        }
    }

    /** Stops the run: returns at once; the run ends within about a second (tasks skip, sleepers wake). */
    public void cancel() {
        cancel.cancel();
        scenarioRun.cancelled();
        for (Thread t : threads) {
            if (t != null) {
                t.interrupt();
            }
        }
    }

    /** Waits for the run to end, at most {@code millis}; true if it has. */
    public boolean await(long millis) throws InterruptedException {
        return finished.await(millis, TimeUnit.MILLISECONDS);
    }

    public boolean isFinished() { return finished.getCount() == 0; }

    public WorkloadConfig config() { return config; }

    public int created() { return created.get(); }

    public int completed() { return completed.get(); }

    /** Tasks that have ended, completed or cancelled. */
    public int ended() { return ended.get(); }

    public boolean isCancelled() { return cancel.isCancelled(); }

    public long startNanos() { return startNanos; }

    /** When the last task ended, or 0 while running. */
    public long endNanos() { return endNanos; }

    public long wallNanos() { return endNanos == 0 ? 0 : endNanos - startNanos; }

    /** What stopped the run if it failed (not a cancel), or null. */
    public Throwable failure() { return failure; }

    /** Threads of this run that are still alive: 0 soon after it ends or is cancelled. */
    public int liveThreads() {
        int alive = 0;
        for (Thread t : threads) {
            if (t != null && t.isAlive()) {
                alive++;
            }
        }
        return alive;
    }

    /** Whether the run's carriers (if it had its own) have all stopped. */
    public boolean carriersStopped() {
        CarrierPool p = pool;
        return p == null || p.isTerminated();
    }

    /** The run's threads, by task index; a slot is null for a task never created. For probes. */
    public Thread thread(int index) { return threads[index]; }
}
