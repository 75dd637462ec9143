package loomscope.workload.jdkcarrier;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

import jdk.internal.misc.CarrierThread;
import loomscope.clock.CarrierClock;
import loomscope.workload.CarrierPool;

/**
 * Carriers of the JDK's own class, {@code jdk.internal.misc.CarrierThread}, as its default scheduler makes them.
 * The JDK compensates for a virtual thread that blocks its carrier (JDK 21's {@code Object.wait}, file I/O) by
 * letting the pool add a carrier, but only when that carrier is a {@code CarrierThread}: on any other thread the
 * wait just holds it. Measured on JDK 21.0.8, 8 x {@code wait(100)} at P = 1: 158 ms on the default scheduler,
 * 827 ms on a pool of plain workers. Needs {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED} to
 * compile, and the package exported to run (opened, {@link CarrierPool#JDK_CARRIERS_FLAG}, for their clocks on
 * JDK 21); {@link CarrierPool} loads this class by name only when the JVM was started with it.
 */
public final class JdkCarrierFactory implements ForkJoinPool.ForkJoinWorkerThreadFactory {
    private final CarrierPool.Lifecycle lifecycle;

    public JdkCarrierFactory(CarrierPool.Lifecycle lifecycle) {
        this.lifecycle = lifecycle;
    }

    @Override
    public ForkJoinWorkerThread newThread(ForkJoinPool pool) {
        return new Carrier(pool, lifecycle);
    }

    /** A named JDK carrier thread that reports its start and end like the pool's own. */
    private static final class Carrier extends CarrierThread implements CarrierPool.Lane {
        private final CarrierPool.Lifecycle lifecycle;
        private final int index;
        private CarrierClock clock;

        Carrier(ForkJoinPool pool, CarrierPool.Lifecycle lifecycle) {
            super(pool);
            this.lifecycle = lifecycle;
            this.index = lifecycle.nextIndex();
            setName(CarrierPool.carrierName(index));
            lifecycle.made(this);
        }

        @Override public int laneIndex() { return index; }

        @Override public CarrierClock laneClock() { return clock; }

        @Override
        protected void onStart() {
            super.onStart();
            clock = lifecycle.started(index, getName());
        }

        @Override
        protected void onTermination(Throwable exception) {
            lifecycle.terminated(clock);
            super.onTermination(exception);
        }
    }
}
