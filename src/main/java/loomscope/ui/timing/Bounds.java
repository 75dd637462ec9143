package loomscope.ui.timing;

import loomscope.recording.RunRecording;
import loomscope.workload.Phase;

/**
 * The two limits a run is measured against, from the CPU time measured so far: pinned, every sleep holds a
 * carrier, N*(cpu+sleep)/P; unpinned, only CPU needs carriers, N*cpu/P + sleep. Same formulas as RunSummary,
 * cheap enough to recompute a few times a second while a run goes.
 */
public record Bounds(double cpuMillisPerTask, double pinnedSeconds, double unpinnedSeconds) {

    /** Null until at least one task has finished its CPU work. */
    public static Bounds measured(RunRecording r) {
        double sum = 0;
        int count = 0;
        for (int vt = 0; vt < r.threads(); vt++) {
            long a = r.phase(vt, Phase.STARTED);
            long b = r.phase(vt, Phase.CPU_DONE);
            if (a >= 0 && b >= a) {
                sum += b - a;
                count++;
            }
        }
        if (count == 0) {
            return null;
        }
        double cpu = sum / count / 1e6;
        return of(cpu, r.threads(), r.config().sleepMillis(), r.config().parallelism());
    }

    public static Bounds of(double cpuMillis, int n, int sleepMillis, int parallelism) {
        double pinned = n * (sleepMillis + cpuMillis) / parallelism / 1000;
        double unpinned = (n * cpuMillis / parallelism + sleepMillis) / 1000;
        return new Bounds(cpuMillis, pinned, unpinned);
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
