package loomscope.workload;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToIntFunction;

import loomscope.clock.CarrierClock;

/**
 * A scheduler for virtual threads built like the JDK's default one (an async-mode ForkJoinPool of
 * {@code parallelism} workers), but whose carriers have names and whose every mount is reported.
 * The JDK hands a scheduler one {@code execute(runContinuation)} per mount: the wrapper below sees the
 * carrier pick it up and sees it return when the virtual thread parks, yields or ends.
 */
public final class CarrierPool implements Executor, AutoCloseable {

    /** The JDK's default scheduler allows up to 256 carriers for compensation; so do we. */
    private static final int MAX_POOL_SIZE = 256;

    private final ForkJoinPool pool;
    private final boolean compensates;
    private final RunObserver observer;
    private final ToIntFunction<Runnable> virtualThreadOf;
    private final AtomicInteger carriersCreated = new AtomicInteger();
    /**
     * The carriers made, with when: one still new a second after it was made could not start (the JVM could not create
     * its native thread), and the pool goes on without it; past {@link #MADE_KEPT} the newest are not kept.
     */
    private final ConcurrentLinkedQueue<Made> made = new ConcurrentLinkedQueue<>();
    private final AtomicInteger madeKept = new AtomicInteger();
    private static final int MADE_KEPT = 1_024;
    /** A carrier is given this long to start before it counts as one that could not. */
    private static final long START_GRACE_NANOS = 1_000_000_000L;
    /**
     * What the pool threw when asked to run a mount (it could not start a carrier), or what a mount threw on its carrier
     * (the JDK's own code after the thread parked: e.g. its timer thread could not start, and the sleeper would never
     * be woken), or null.
     */
    private volatile Throwable executeFailure;

    private record Made(Thread carrier, long at) { }

    /** Mounts handed to the pool whose end has not been reported yet. */
    private final AtomicInteger mountsInFlight = new AtomicInteger();

    public CarrierPool(int parallelism, RunObserver observer, ToIntFunction<Runnable> virtualThreadOf) {
        this(parallelism, false, observer, virtualThreadOf);
    }

    /**
     * {@code jdkCarriers}: carriers of the JDK's own class where the JVM allows it ({@link #compensatesLikeTheJdk}),
     * for the scenarios about compensation. Not for the seed: the JDK also compensates for the file reads of class
     * loading in a cold JVM's first mounts, and the carriers it adds then keep running pinned tasks (measured, JDK 21,
     * seed N = 5,000 at P = 1: 6.6 s on 4 such carriers; 13.1 s on the JDK's default scheduler; 27.0 s on one plain
     * carrier, the seeds' serialised picture: 31.8 s published).
     */
    public CarrierPool(int parallelism, boolean jdkCarriers, RunObserver observer, ToIntFunction<Runnable> virtualThreadOf) {
        this.observer = observer;
        this.virtualThreadOf = virtualThreadOf;
        CarrierClock.warmUp();   // here, before a run's clock starts, not on its first carrier
        int maxPoolSize = Math.max(parallelism, MAX_POOL_SIZE);
        int minRunnable = Math.max(parallelism / 2, 1);
        ForkJoinPool.ForkJoinWorkerThreadFactory jdkFactory = jdkCarriers ? jdkCarriers(new Lifecycle(this)) : null;
        this.compensates = jdkFactory != null;
        this.pool = new ForkJoinPool(parallelism, compensates ? jdkFactory : Carrier::new, (t, e) -> { }, true,
                0, maxPoolSize, minRunnable, p -> true, 30, TimeUnit.SECONDS);
    }

    /**
     * Whether the carriers are of the JDK's own carrier class, so that the JDK compensates for a carrier blocked in
     * Object.wait (JDK 21) or file I/O by adding one, as its default scheduler does. False when not asked for, or
     * when this JVM was not started with {@value #JDK_CARRIERS_FLAG}: then such a wait holds its carrier.
     */
    public boolean compensatesLikeTheJdk() {
        return compensates;
    }

    /**
     * The java option that lets the pool's carriers be the JDK's own carrier class (exported is enough for that; opened,
     * their clocks can also keep JDK 21 from compensating for their own reads: loomscope.clock.CompensationGuard).
     */
    public static final String JDK_CARRIERS_FLAG = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

    private static final String JDK_CARRIERS = "loomscope.workload.jdkcarrier.JdkCarrierFactory";

    private static ForkJoinPool.ForkJoinWorkerThreadFactory jdkCarriers(Lifecycle lifecycle) {
        if (!Object.class.getModule().isExported("jdk.internal.misc", CarrierPool.class.getModule())) {
            return null;
        }
        try {
            return (ForkJoinPool.ForkJoinWorkerThreadFactory) Class.forName(JDK_CARRIERS)
                    .getConstructor(Lifecycle.class).newInstance(lifecycle);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;   // a JDK whose carrier class changed: plain carriers, no compensation
        }
    }

    /** A carrier's lane number and its clocks, whichever thread class it is. */
    public interface Lane {
        int laneIndex();

        CarrierClock laneClock();
    }

    /** What a carrier tells the pool as it is made, starts and ends (for carriers of the JDK's class). */
    public static final class Lifecycle {
        private final CarrierPool pool;

        private Lifecycle(CarrierPool pool) {
            this.pool = pool;
        }

        public int nextIndex() {
            return pool.carriersCreated.getAndIncrement();
        }

        /** A carrier was made (before the pool starts it). */
        public void made(Thread carrier) {
            pool.made(carrier);
        }

        /** On the carrier, as it starts: its clocks. */
        public CarrierClock started(int index, String name) {
            CarrierClock clock = CarrierClock.forCurrentThread();
            pool.observer.carrierAdded(index, name, System.nanoTime());
            return clock;
        }

        public void terminated(CarrierClock clock) {
            if (clock != null) {
                clock.close();
            }
        }
    }

    public static String carrierName(int index) {
        return "loomscope-carrier-" + index;
    }

    @Override
    public void execute(Runnable runContinuation) {
        int vt = virtualThreadOf.applyAsInt(runContinuation);
        long submitted = System.nanoTime();
        observer.submitted(vt, submitted);
        mountsInFlight.incrementAndGet();
        try {
            pool.execute(() -> mount(runContinuation, vt, submitted));
        } catch (RuntimeException | Error e) {
            executeFailure = e;   // thrown into the JDK's code that wakes the thread: the run is told (cannotGoOn)
            throw e;
        }
    }

    /** Registers {@code carrier} as made by the pool (a test's carrier that is never started). */
    void madeForTest(Thread carrier) {
        made(carrier);
    }

    private void made(Thread carrier) {
        if (madeKept.incrementAndGet() <= MADE_KEPT) {
            made.add(new Made(carrier, System.nanoTime()));
        }
    }

    /**
     * Why the run cannot go on, or null: a carrier the JVM could not start (its native thread could not be created: too
     * many threads or processes for this user, {@code ulimit -u}, or a container's pids limit), or what the pool threw
     * when a mount was handed to it. Either way a virtual thread's wake-up may be lost, and the run would wait forever.
     */
    public String cannotGoOn() {
        long now = System.nanoTime();
        for (Made m : made) {
            if (m.carrier().getState() == Thread.State.NEW && now - m.at() > START_GRACE_NANOS) {
                return "the JVM could not start carrier thread " + m.carrier().getName() + " (unable to create a native "
                        + "thread: too many threads or processes for this user, `ulimit -u`, or a container's pids limit)";
            }
        }
        Throwable failed = executeFailure;
        return failed == null ? null : "the JDK failed around a virtual thread's mount, whose wake-up may be lost: "
                + ThrowableText.describe(failed);
    }

    /** Carriers created so far; more than the parallelism means the pool compensated for a blocked one. */
    public int carriersCreated() {
        return carriersCreated.get();
    }

    /**
     * Waits until every mount handed to the pool has reported its end. A virtual thread counts as terminated
     * (join returns) while its carrier is still returning from the continuation, so the last mountEnded
     * can come after the run's threads are all joined; the run waits here so its recording is complete when
     * it says it ended. Returns false if that took longer than {@code millis}.
     */
    public boolean awaitMountsReported(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (mountsInFlight.get() > 0) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(0, 100_000);
        }
        return true;
    }

    /** Stops the carriers; call only when no virtual thread of the run is still alive. */
    @Override
    public void close() {
        pool.shutdownNow();
    }

    public boolean awaitTermination(long millis) throws InterruptedException {
        return pool.awaitTermination(millis, TimeUnit.MILLISECONDS);
    }

    public boolean isTerminated() {
        return pool.isTerminated();
    }

    /** Runs a virtual thread's continuation on the carrier that took it, timed and reported as one mount. */
    private void mount(Runnable runContinuation, int vt, long submitted) {
        if (!(Thread.currentThread() instanceof Lane carrier)) {
            return; // the pool runs only its own workers
        }
        int lane = carrier.laneIndex();
        CarrierClock clock = carrier.laneClock();
        clock.startMount();
        long start = System.nanoTime();
        observer.mountStarted(lane, vt, submitted, start);
        try {
            runContinuation.run();
        } catch (RuntimeException | Error e) {
            executeFailure = e;   // not the task's (it catches its own): the JDK's, around the thread's mount
            throw e;
        } finally {
            long end = System.nanoTime();
            observer.mountEnded(lane, vt, end, clock.endMount(start, end));
            mountsInFlight.decrementAndGet();
        }
    }

    /** A named carrier that knows its lane number and reads its own clocks. */
    private final class Carrier extends ForkJoinWorkerThread implements Lane {
        final int index;
        CarrierClock clock;

        Carrier(ForkJoinPool pool) {
            super(null, pool, true);
            this.index = carriersCreated.getAndIncrement();
            setName(carrierName(index));
            setDaemon(true);
            made(this);
        }

        @Override public int laneIndex() { return index; }

        @Override public CarrierClock laneClock() { return clock; }

        @Override
        protected void onStart() {
            super.onStart();
            clock = CarrierClock.forCurrentThread();
            observer.carrierAdded(index, getName(), System.nanoTime());
        }

        @Override
        protected void onTermination(Throwable exception) {
            clock.close();
            super.onTermination(exception);
        }
    }
}
