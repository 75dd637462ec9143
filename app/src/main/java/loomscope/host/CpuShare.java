package loomscope.host;

import java.util.Locale;

import loomscope.workload.RunObserver;

/**
 * How the window shares the CPU with a run, decided from the run's parallelism P and the cores this JVM may
 * use. Measured on 2 cores (README, "The window and the CPU"): the run's carriers and the window's own work (FX
 * thread, software renderer, display server, and the JIT still compiling the drawing code) compete for the same
 * cores, and either the run is timed slower than the CLI times it or the window stops drawing for 100s of ms.
 * <ul>
 *   <li>{@link #FULL}: at least two cores are left over, the window draws every pulse.</li>
 *   <li>{@link #HALF_RATE}: one core is left over for the window, the JIT and the display server; the window
 *       draws every second pulse (30 fps) so that it does not spill onto the carriers' cores, and the run's
 *       launcher (which creates the N threads in a burst) runs at the lowest priority.</li>
 *   <li>{@link #YIELDING_CARRIERS}: P is at least the core count, the carriers are CPU-bound on every core; they
 *       run at the lowest OS priority (nice 19 on Linux) and yield their core after every mount, so that the
 *       window keeps drawing every pulse ({@link CarrierPriority}).</li>
 * </ul>
 */
public enum CpuShare {
    FULL(1),
    HALF_RATE(2),
    YIELDING_CARRIERS(1);

    private final int drawEveryNthPulse;

    CpuShare(int drawEveryNthPulse) {
        this.drawEveryNthPulse = drawEveryNthPulse;
    }

    private static final Object PREPARED = new Object();
    private static volatile boolean prepared;

    /**
     * Call off the FX thread before a run starts (the model does, on its starter thread); only the first call
     * does anything: it links the native call the carriers use (FFM builds its stub on first use, which should
     * cost neither the FX thread nor a run) and creates the JDK's timer thread at normal priority
     * ({@link JdkTimerThread}).
     */
    public static void prepare() {
        if (prepared) {
            return;
        }
        synchronized (PREPARED) {
            if (!prepared) {
                CarrierPriority.niceSupported();
                JdkTimerThread.startAtNormalPriority();
                prepared = true;
            }
        }
    }

    public static CpuShare forRun(int parallelism, int cores) {
        int spare = cores - parallelism;
        if (spare <= 0) {
            return YIELDING_CARRIERS;
        }
        return spare < 2 ? HALF_RATE : FULL;
    }

    /** 1 = every pulse. */
    public int drawEveryNthPulse() {
        return drawEveryNthPulse;
    }

    /**
     * What the run's threads hear besides the recording: with one core left for the window the launcher steps
     * aside; with none the carriers do too.
     */
    public RunObserver carrierPriority() {
        return switch (this) {
            case FULL -> RunObserver.NONE;
            case HALF_RATE -> CarrierPriority.LAUNCHER_LOWERED;
            case YIELDING_CARRIERS -> CarrierPriority.YIELDING;
        };
    }

    /** For the frame overlay and the run log; empty when the window draws every pulse. */
    public String describe(int parallelism, int cores) {
        return switch (this) {
            case FULL -> "";
            case HALF_RATE -> String.format(Locale.ROOT,
                    "window at 30 fps, the launcher at lowest priority: P=%d leaves %d of %d cores for it", parallelism,
                    cores - parallelism, cores);
            case YIELDING_CARRIERS -> String.format(Locale.ROOT,
                    "carriers at lowest priority%s: P=%d >= %d cores", CarrierPriority.niceSupported() ? " (nice 19)" : "",
                    parallelism, cores);
        };
    }
}
