package loomscope.host;

import java.util.Optional;

import loomscope.workload.Phase;
import loomscope.workload.RunObserver;

/**
 * What the carriers of a run that takes every core do so that the window keeps drawing ({@link #YIELDING}).
 * <p>
 * Each new carrier lowers its own priority, from the carrier itself: the pool reports a carrier's start on the
 * new carrier before its first mount. Java priorities are what Windows honours; Linux ignores them (without a JVM
 * flag), so there the carrier also sets its own nice value. Nice cannot be lowered again without privileges,
 * which is fine: a run's carriers end with the run.
 * <p>
 * And after each mount the carrier yields its core ({@code Thread.yield}, Linux's {@code sched_yield}). Nice 19
 * alone left the FX thread waiting 5–9 ms a frame for a CPU beside 16 busy threads, its late frames whole 4 ms
 * ticks long. The explanation that fits: woken, the FX thread is not yet due (it ran a moment ago), and once it
 * is, nothing makes the kernel look again before its next tick; a yield is such a look. Measured, in the control
 * benchmark: busy threads that yield every ~0.2 ms of work cut the wait to 2–3 ms a frame and the p95 frame time
 * from 24–28 ms to 17.0–17.1 ms. A mount of the seed workload is ~0.25 ms of work.
 */
final class CarrierPriority {
    private static final int NICE = 19;
    private static final Optional<LinuxThreads> LINUX = LinuxThreads.available();

    /** Lowers every carrier of a run to the lowest priority; each yields its core after every mount. */
    static final RunObserver YIELDING = yieldingBy(Thread::yield);

    /**
     * Lowers only the run's launcher, from the launcher itself (it is told the run started on its own thread):
     * it creates all N threads in a burst while the carriers work, and with one core left for the window that
     * burst took the FX thread's core: at the start of a 100,000-thread run at P = 1 the window stopped for
     * 130-170 ms (docs/performance.md, "Pulse gaps"). The carriers, not the launcher, set the run's pace.
     */
    static final RunObserver LAUNCHER_LOWERED = RunObserver.onRunStart(CarrierPriority::lowerCallingThread);

    private static void lowerCallingThread() {
        Thread.currentThread().setPriority(Thread.MIN_PRIORITY);
        LINUX.ifPresent(os -> os.niceCallingThread(NICE));
    }

    /** {@link #YIELDING} with the yield given (a test counts them). */
    static RunObserver yieldingBy(Runnable yield) {
        return new RunObserver() {
            @Override
            public void carrierAdded(int index, String name, long nanos) {
                lowerCallingThread();
            }

            /** On the carrier, after the recording has heard of the unmount (it is told first). */
            @Override
            public void mountEnded(int carrier, int vt, long nanos, long blockedNanos) {
                yield.run();
            }

            /** On the launcher: it too steps aside for the window (see {@link #LAUNCHER_LOWERED}). */
            @Override public void runStarted(long nanos) {
                lowerCallingThread();
            }

            @Override public void runEnded(long nanos, int completed, boolean cancelled) { }
            @Override public void submitted(int vt, long nanos) { }
            @Override public void mountStarted(int carrier, int vt, long submittedNanos, long nanos) { }
            @Override public void phase(int vt, Phase phase, long nanos) { }
        };
    }

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
