package loomscope.ui.timing;

import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.workload.Phase;

/**
 * The two limits a run is measured against, from the CPU time measured so far: pinned, every sleep holds a
 * carrier, N*(cpu+sleep)/P; unpinned, only CPU needs carriers, N*cpu/P + sleep. The formulas are RunSummary's;
 * this is the cheap live view of them (no lock-holder sweep), recomputed a few times a second while a run goes.
 */
public record Bounds(double cpuMillisPerTask, double pinnedSeconds, double unpinnedSeconds) {

    /** Null until at least one task has finished its CPU work. */
    public static Bounds measured(RunRecording r) {
        boolean anyCpuDone = false;
        for (int vt = 0; vt < r.threads() && !anyCpuDone; vt++) {
            anyCpuDone = r.phase(vt, Phase.CPU_DONE) >= 0;
        }
        return anyCpuDone
                ? of(RunSummary.cpuMillisPerTask(r), r.threads(), r.config().shape().sleepMillis(), r.config().parallelism())
                : null;
    }

    public static Bounds of(double cpuMillis, int n, int sleepMillis, int parallelism) {
        return new Bounds(cpuMillis, RunSummary.boundPinnedMillis(n, cpuMillis, sleepMillis, parallelism) / 1000,
                RunSummary.boundUnpinnedMillis(n, cpuMillis, sleepMillis, parallelism) / 1000);
    }

    /** A finished run's bounds, as its summary computed them. */
    public static Bounds of(RunSummary summary) {
        return new Bounds(summary.cpuMillisPerTask(), summary.boundPinnedMillis() / 1000,
                summary.boundUnpinnedMillis() / 1000);
    }

    /**
     * Where {@code seconds} sits from the unpinned bound (0) to the pinned bound (1), on a log scale because
     * the two are ~30x apart for the seed workload; may fall outside [0, 1].
     */
    public double position(double seconds) {
        if (seconds <= 0 || unpinnedSeconds <= 0 || pinnedSeconds <= unpinnedSeconds) {
            return 0;
        }
        return Math.log(seconds / unpinnedSeconds) / Math.log(pinnedSeconds / unpinnedSeconds);
    }
}
