package loomscope.workload;

import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToIntFunction;

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
    private final RunObserver observer;
    private final ToIntFunction<Runnable> virtualThreadOf;
    private final AtomicInteger carriersCreated = new AtomicInteger();
    /** Mounts handed to the pool whose end has not been reported yet. */
    private final AtomicInteger mountsInFlight = new AtomicInteger();

    public CarrierPool(int parallelism, RunObserver observer, ToIntFunction<Runnable> virtualThreadOf) {
        this.observer = observer;
        this.virtualThreadOf = virtualThreadOf;
        int maxPoolSize = Math.max(parallelism, MAX_POOL_SIZE);
        int minRunnable = Math.max(parallelism / 2, 1);
        this.pool = new ForkJoinPool(parallelism, Carrier::new, (t, e) -> { }, true,
                0, maxPoolSize, minRunnable, p -> true, 30, TimeUnit.SECONDS);
    }

    @Override
    public void execute(Runnable runContinuation) {
        int vt = virtualThreadOf.applyAsInt(runContinuation);
        long submitted = System.nanoTime();
        observer.submitted(vt, submitted);
        mountsInFlight.incrementAndGet();
        pool.execute(new Mount(runContinuation, vt, submitted));
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

    private final class Mount implements Runnable {
        private final Runnable runContinuation;
        private final int vt;
        private final long submitted;

        Mount(Runnable runContinuation, int vt, long submitted) {
            this.runContinuation = runContinuation;
            this.vt = vt;
            this.submitted = submitted;
        }

        @Override
        public void run() {
            if (!(Thread.currentThread() instanceof Carrier carrier)) {
                return; // the pool runs only its own workers
            }
            long gcCountStart = CarrierClock.gcCount();
            long gcMillisStart = CarrierClock.gcMillis();
            carrier.clock.startMount();
            long start = System.nanoTime();
            observer.mountStarted(carrier.index, vt, submitted, start);
            try {
                runContinuation.run();
            } finally {
                long end = System.nanoTime();
                long blocked = carrier.clock.endMount(end - start, gcCountStart, gcMillisStart);
                observer.mountEnded(carrier.index, vt, end, blocked);
                mountsInFlight.decrementAndGet();
            }
        }
    }

    /** A named carrier that knows its lane number and reads its own clocks. */
    private final class Carrier extends ForkJoinWorkerThread {
        final int index;
        CarrierClock clock;

        Carrier(ForkJoinPool pool) {
            super(null, pool, true);
            this.index = carriersCreated.getAndIncrement();
            setName("loomscope-carrier-" + index);
            setDaemon(true);
        }

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
