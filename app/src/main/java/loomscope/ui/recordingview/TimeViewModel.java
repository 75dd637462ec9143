package loomscope.ui.recordingview;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;

/**
 * Which part of a recording the lanes show: the visible range, a {@link TimeAxis}. It follows now (the last N seconds
 * of a live run, the whole of a finished one, as the lanes did before there was a range), shows the whole session, or
 * holds a range the user zoomed or panned to. Zoom, pan and fit work on the range the last frame showed; the lanes ask
 * {@link #axis} once a frame. Also the mount the user selected on it. No toolkit: tested without a window.
 */
public final class TimeViewModel {
    /** How the range is chosen each frame. */
    public enum Mode {
        /** The lanes' trail up to now (the last N seconds); a finished run whole (or the trail before t, if asked). */
        FOLLOW,
        /** The whole session, growing while it goes. */
        WHOLE,
        /** A range the user zoomed or panned to: stays put while the run goes on. */
        FIXED
    }

    /** The trails one may follow now with, in seconds. */
    public static final int[] FOLLOW_CHOICES = {1, 5, 10, 30, 60};
    /** The narrowest range: 1 µs (a mount of a few µs fills the lanes). */
    public static final long MIN_SPAN = 1_000;
    /** Each zoom step (a wheel notch, + or -) shows this much less or more. */
    public static final double ZOOM_STEP = 1.25;

    private Mode mode = Mode.FOLLOW;
    private long fixedStart;
    private long fixedSpan = 1;
    /** What the last frame showed and the session's bounds then: where zoom and pan start from. */
    private TimeAxis last;
    private long sessionStart;
    private long sessionEnd;
    private int version;
    private int selectedCarrier = -1;
    /**
     * The selected mount by its start, not its index: an attach's lanes are rebuilt from its newest episodes every
     * few frames, and a mount keeps its start where its index moves.
     */
    private long selectedStart = -1;

    /**
     * The visible range of {@code recording} at {@code t} (now, or the replay's instant), remembered for zoom and pan;
     * {@code followed} is what following now shows (the lanes' trail: the last N seconds, a finished run whole).
     */
    public TimeAxis axis(RunRecording recording, long t, TimeAxis followed) {
        long runStart = recording.runStart();
        long end = recording.isFinished() ? Math.max(recording.settledEnd(), runStart + 1) : Math.max(t, runStart + 1);
        sessionStart = runStart;
        sessionEnd = end;
        TimeAxis axis = switch (mode) {
            case FOLLOW -> followed;
            case WHOLE -> new TimeAxis(runStart, end - runStart, false);
            // a range of another run (one opened or begun since) that misses this one: follow again
            case FIXED -> fixedStart >= end || fixedStart + fixedSpan <= runStart ? followAgain(followed)
                    : new TimeAxis(fixedStart, fixedSpan, false);
        };
        last = axis;
        return axis;
    }

    private TimeAxis followAgain(TimeAxis followed) {
        mode = Mode.FOLLOW;
        changed();
        return followed;
    }

    /** The range the last frame showed, or null before one. */
    public TimeAxis lastAxis() { return last; }

    /** The session's start and end as of the last frame (its end is now while it goes). */
    public long sessionStart() { return sessionStart; }

    public long sessionEnd() { return sessionEnd; }

    public Mode mode() { return mode; }

    public boolean following() { return mode == Mode.FOLLOW; }

    /** Counts every change of range or selection: a paused replay redraws when it moved. */
    public int version() { return version; }

    /** Back to following now (End, the Now button). */
    public void follow() {
        mode = Mode.FOLLOW;
        changed();
    }

    /** The whole session (0). */
    public void fitWhole() {
        mode = Mode.WHOLE;
        changed();
    }

    /**
     * Shows {@code factor} times the range shown (below 1: zooms in), keeping the time at {@code anchor} (0: the left
     * edge, 1: the right) where it is: the pointer's time stays under the pointer.
     */
    public void zoom(double anchor, double factor) {
        if (last == null || !(factor > 0)) {
            return;
        }
        double at = Math.max(0, Math.min(1, anchor));
        long anchorTime = last.start() + (long) (at * last.span());
        long span = clampSpan((long) Math.ceil(last.span() * factor));
        show(anchorTime - (long) (at * span), span);
    }

    /** Moves the range by {@code fraction} of its width (negative: back in time); stops following. */
    public void pan(double fraction) {
        if (last == null) {
            return;
        }
        show(last.start() + (long) (fraction * last.span()), last.span());
    }

    /** Moves the range by {@code nanos}. */
    public void panBy(long nanos) {
        if (last != null) {
            show(last.start() + nanos, last.span());
        }
    }

    /** Shows [{@code from}, {@code to}) (a range dragged over the lanes, the overview strip, a site's first mount). */
    public void showRange(long from, long to) {
        long a = Math.min(from, to);
        long b = Math.max(from, to);
        long span = clampSpan(b - a);
        show(a + (b - a) / 2 - span / 2, span);
    }

    /** Puts the range's centre at {@code time}, keeping its width (a click or drag in the overview strip). */
    public void centreOn(long time) {
        if (last != null) {
            show(time - last.span() / 2, last.span());
        }
    }

    private void show(long start, long span) {
        long whole = Math.max(1, sessionEnd - sessionStart);
        long s = Math.min(span, Math.max(whole, MIN_SPAN));
        // the range stays over the session: panning stops at its start and at its end (now, while it goes)
        long from = Math.max(sessionStart, Math.min(start, sessionEnd - s));
        fixedStart = from;
        fixedSpan = Math.max(1, s);
        mode = Mode.FIXED;
        last = new TimeAxis(fixedStart, fixedSpan, false);
        changed();
    }

    private long clampSpan(long span) {
        return Math.max(MIN_SPAN, Math.min(span, Math.max(MIN_SPAN, sessionEnd - sessionStart)));
    }

    /** Selects mount {@code mount} of carrier {@code carrier} of {@code r} (-1: none); drawn outlined. */
    public void select(RunRecording r, int carrier, int mount) {
        boolean valid = r != null && carrier >= 0 && carrier < r.carriers().length && mount >= 0
                && mount < r.carriers()[carrier].size();
        selectedCarrier = valid ? carrier : -1;
        selectedStart = valid ? r.carriers()[carrier].start(mount) : -1;
        changed();
    }

    public int selectedCarrier() { return selectedCarrier; }

    /** The selected mount's index in {@code r}'s carrier log (a binary search by its start), or -1. */
    public int selectedMount(RunRecording r) {
        if (r == null || selectedCarrier < 0 || selectedCarrier >= r.carriers().length) {
            return -1;
        }
        CarrierLog log = r.carriers()[selectedCarrier];
        int i = log.mountAt(selectedStart);
        return i >= 0 && log.start(i) == selectedStart ? i : -1;
    }

    /** A new recording: nothing selected. The range kind stays (a fixed range of another run means little: follow). */
    public void newRecording() {
        selectedCarrier = -1;
        selectedStart = -1;
        if (mode == Mode.FIXED) {
            mode = Mode.FOLLOW;
        }
        last = null;
        changed();
    }

    private void changed() {
        version++;
    }
}
