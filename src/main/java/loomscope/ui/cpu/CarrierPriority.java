package loomscope.ui.cpu;

import java.util.Optional;

import loomscope.workload.RunObserver;

/**
 * Lowers each new carrier's priority from the carrier itself: the pool reports a carrier's start on the new
 * carrier before its first mount. Java priorities are what Windows honours; Linux ignores them (without a JVM
 * flag), so there the carrier also sets its own nice value. Nice cannot be lowered again without privileges,
 * which is fine: a run's carriers end with the run.
 */
final class CarrierPriority {
    private static final int NICE = 19;
    private static final Optional<LinuxThreads> LINUX = LinuxThreads.load();

    /** The observer that lowers every carrier of a run to the lowest priority. */
    static final RunObserver LOWEST = RunObserver.onCarrierStart((index, name, nanos) -> {
        Thread.currentThread().setPriority(Thread.MIN_PRIORITY);
        LINUX.ifPresent(os -> os.niceCallingThread(NICE));
    });

    private CarrierPriority() { }

    static boolean niceSupported() {
        return LINUX.isPresent();
    }

    /**
     * Whether lowering changes anything here: Linux ignores Java priorities, so there only a nice value counts;
     * without it (no libc call, no native access) a run would be marked "slower than the CLI" for nothing.
     */
    static boolean takesEffect() {
        return !LinuxThreads.isLinux() || niceSupported();
    }
}
