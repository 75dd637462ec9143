package loomscope.report;

import java.util.Locale;

import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;

/**
 * Which instants of a run become which frames: the run's clock from its start to its end (or a range of it), slowed down
 * {@code slowdown} times, at {@code fps}, then the last frame held for a moment so the final state can be read.
 *
 * @param slowdown how many seconds of clip one second of the run takes (20: a 1 s run is a 20 s clip)
 */
public record ClipPlan(long runStart, long runEnd, double slowdown, int fps, int holdFrames, long settled) {

    /** A 1 s run becomes a 20 s clip (#18); a longer run is slowed less, so that no clip runs past a minute. */
    public static final double DEFAULT_SLOWDOWN = 20;
    public static final double MAX_DEFAULT_CLIP_SECONDS = 60;
    /** Frames a clip may have: 10 minutes at 30 fps. */
    public static final int MAX_FRAMES = 18_000;

    public ClipPlan {
        if (runEnd <= runStart) {
            throw new IllegalArgumentException("the run has no length to animate");
        }
        if (!(slowdown > 0) || fps <= 0 || holdFrames < 0) {
            throw new IllegalArgumentException("slowdown, fps and the held frames must be positive");
        }
    }

    /** The default slowdown for a run of {@code runSeconds}. */
    public static double defaultSlowdown(double runSeconds) {
        return Math.max(1, Math.min(DEFAULT_SLOWDOWN, MAX_DEFAULT_CLIP_SECONDS / Math.max(runSeconds, 1e-9)));
    }

    /** @param slowdown null for the default */
    public static ClipPlan of(RunRecording recording, Double slowdown, int fps) {
        double seconds = (recording.runEnd() - recording.runStart()) / 1e9;
        double s = slowdown != null ? slowdown : defaultSlowdown(seconds);
        // the last task ends at runEnd; its carrier unmounts it a moment later: the held frame shows the run settled
        return new ClipPlan(recording.runStart(), recording.runEnd(), s, fps, Math.max(1, fps), recording.settledEnd());
    }

    /**
     * The frames of {@code range} of the recording's clock only (an export of the visible range): from its start to its
     * end, then its end held; null for the whole run.
     */
    public static ClipPlan of(RunRecording recording, TimeAxis range, Double slowdown, int fps) {
        if (range == null) {
            return of(recording, slowdown, fps);
        }
        double s = slowdown != null ? slowdown : defaultSlowdown(range.span() / 1e9);
        return new ClipPlan(range.start(), range.end(), s, fps, Math.max(1, fps), range.end());
    }

    /** The lanes' axis: from the first frame's instant to the held one's (the whole run: to its settled end). */
    public TimeAxis axis() {
        return new TimeAxis(runStart, settled - runStart, false);
    }

    /** Whether the plan is the whole of {@code recording}'s run rather than a range of it. */
    public boolean wholeRun(RunRecording recording) {
        return runStart == recording.runStart() && runEnd == recording.runEnd();
    }

    /**
     * Frames of the run itself, without the hold, in long arithmetic: a run of 2^62 ns at 10 fps is 4.6e10 frames,
     * which an int cast wrapped to a negative count that passed {@link #fits()} (a 1-byte GIF, "-1,127,780,061
     * frames"). Saturates at {@link Long#MAX_VALUE}.
     */
    public long runFrameCount() {
        double frames = Math.ceil((runEnd - runStart) / 1e9 * slowdown * fps);
        return frames >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(2, (long) frames);
    }

    /** Frames of the run itself; only for a plan that {@link #fits()}. */
    public int runFrames() {
        checkFits();
        return (int) runFrameCount();
    }

    /** Only for a plan that {@link #fits()}. */
    public int totalFrames() {
        checkFits();
        return (int) (runFrameCount() + holdFrames);
    }

    /** Whether the plan fits {@link #MAX_FRAMES}. */
    public boolean fits() { return runFrameCount() <= MAX_FRAMES - (long) holdFrames; }

    private void checkFits() {
        if (!fits()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "the clip would have more than %,d frames: choose a faster speed", MAX_FRAMES));
        }
    }

    /** The run's instant (recording clock) that frame {@code i} shows; the held frames show the run settled. */
    public long instant(int i) {
        int last = runFrames() - 1;
        if (i > last) {
            return settled;
        }
        if (i == last) {
            return runEnd;
        }
        return runStart + Math.round((runEnd - runStart) * (double) i / last);
    }

    public double clipSeconds() { return (double) totalFrames() / fps; }
}
