package loomscope.ui.cpu;

import java.util.Optional;

import loomscope.workload.Phase;
import loomscope.workload.RunObserver;

/**
 * Lowers each new carrier's priority from the carrier itself: the pool calls {@link #carrierAdded} on the new
 * carrier before its first mount. Java priorities are what Windows honours; Linux ignores them (without a JVM
 * flag), so there the carrier also sets its own nice value. Nice cannot be lowered again without privileges,
 * which is fine: a run's carriers end with the run.
 */
final class CarrierPriority implements RunObserver {
    static final CarrierPriority LOWEST = new CarrierPriority();
    private static final int NICE = 19;
    private static final Optional<LinuxThreads> LINUX = LinuxThreads.load();

    private CarrierPriority() { }

    static boolean niceSupported() {
        return LINUX.isPresent();
    }

    @Override
    public void carrierAdded(int index, String name, long nanos) {
        Thread.currentThread().setPriority(Thread.MIN_PRIORITY);
        LINUX.ifPresent(os -> os.niceCallingThread(NICE));
    }

    @Override public void runStarted(long nanos) { }
    @Override public void runEnded(long nanos, int completed, boolean cancelled) { }
    @Override public void submitted(int vt, long nanos) { }
    @Override public void mountStarted(int carrier, int vt, long submittedNanos, long nanos) { }
    @Override public void mountEnded(int carrier, int vt, long nanos) { }
    @Override public void phase(int vt, Phase phase, long nanos) { }
}
