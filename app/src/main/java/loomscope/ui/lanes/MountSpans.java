package loomscope.ui.lanes;

import loomscope.picture.PinnedSpans;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/**
 * Which parts of a carrier's mounts each pass of the lanes paints, in one colour per pass: running (whole mounts),
 * pinned (the part the picture's one rule, {@link PinnedSpans}, calls pinned: the boxes, the field and the clips ask it
 * too), unsure (whole mounts no witness could judge), and captured and stalled (whole mounts the JDK's witnesses
 * classed so after the run). Hands the spans to a {@link TrailPainter};
 * allocates nothing.
 */
final class MountSpans implements PinnedSpans.Sink {
    enum Pass { RUNNING, PINNED, UNSURE, CAPTURED, STALLED, HELD }

    private final TrailPainter painter;
    private long trailNanos;
    private boolean unsurePainted;
    /** Whether a running pass since {@link #beginFrame()} passed an unsure mount: else the unsure pass is skipped. */
    private boolean unsureInView;
    /** Likewise for mounts the JDK's witnesses classed captured or stalled. */
    private boolean capturedOrStalledInView;
    /** Likewise for held mounts no witness has classed yet. */
    private boolean heldInView;
    /** Where the current pinned pass maps time to x: the rule tells spans in time, the painter takes pixels. */
    private long spanT0;
    private double spanX;
    private double spanWidth;

    MountSpans(TrailPainter painter) {
        this.painter = painter;
    }

    void setTrailNanos(long trailNanos) { this.trailNanos = trailNanos; }

    /** Whether an unsure pass painted a span since the last {@link #clearUnsurePainted()}. */
    boolean unsurePainted() { return unsurePainted; }

    void clearUnsurePainted() { unsurePainted = false; }

    void beginFrame() {
        unsureInView = false;
        capturedOrStalledInView = false;
        heldInView = false;
    }

    /** Whether this frame's running passes met a held mount not yet classed (only then does its pass have work). */
    boolean heldInView() { return heldInView; }

    /** Whether this frame's running passes met an unsure mount (only then does an unsure pass have work). */
    boolean unsureInView() { return unsureInView; }

    /** Whether this frame's running passes met a captured or stalled mount (only then do their passes have work). */
    boolean capturedOrStalledInView() { return capturedOrStalledInView; }

    void paint(RunRecording r, CarrierLog log, long t0, long t, double x, double width, Pass pass) {
        paint(r, log, null, t0, t, x, width, pass);
    }

    /**
     * The same; {@code held} (null: none), the carrier's mounts that held it, spares the passes other than running the
     * mounts that did not: they visit only those (the same spans: those passes paint nothing of the others).
     */
    void paint(RunRecording r, CarrierLog log, HeldMounts held, long t0, long t, double x, double width, Pass pass) {
        spanT0 = t0;
        spanX = x;
        spanWidth = width;
        int size = log.size();
        boolean sparse = held != null && pass != Pass.RUNNING;
        int k = sparse ? held.firstFrom(log.firstEndingAfter(t0)) : 0;
        for (int i = sparse ? heldAt(held, k, size) : log.firstEndingAfter(t0); i < size;
             i = sparse ? heldAt(held, ++k, size) : i + 1) {
            long start = log.start(i);
            if (start >= t) {
                break;
            }
            long end = Math.min(log.end(i), t);
            switch (pass) {
                case RUNNING -> {
                    span(Math.max(start, t0), end, t0, x, width);
                    unsureInView |= log.unsure(i);
                    capturedOrStalledInView |= log.captured(i) || log.stalled(i);
                    heldInView |= log.held(i);
                    int next = firstNotCovered(log, i + 1, t0, x, width);
                    if (next > i + 1) {
                        // a busy lane has thousands of mounts a pixel: those inside what is painted add nothing
                        unsureInView |= log.unsureCount() > 0;   // whether among them: the unsure pass will look
                        capturedOrStalledInView |= log.capturedOrStalledCount() > 0;
                        heldInView |= log.heldCount() > 0;
                        i = next - 1;
                    }
                }
                case UNSURE -> {
                    if (log.unsure(i)) {   // the clocks say neither whether nor when it blocked: the whole mount
                        span(Math.max(start, t0), end, t0, x, width);
                        unsurePainted = true;
                    }
                }
                case CAPTURED, STALLED, HELD -> {
                    // the JDK's witnesses classed the whole mount (or none has yet): painted whole, as an unsure one is
                    if (pass == Pass.CAPTURED ? log.captured(i) : pass == Pass.STALLED ? log.stalled(i) : log.held(i)) {
                        span(Math.max(start, t0), end, t0, x, width);
                    }
                }
                case PINNED -> PinnedSpans.ofMount(r, log, i, t0, t, this);
            }
        }
        int open = log.openVt();
        long openStart = log.openStart();
        if (open >= 0 && !r.isFinished() && openStart < t && log.openVt() == open) {
            if (pass == Pass.RUNNING) {
                span(Math.max(openStart, t0), t, t0, x, width);
            } else if (pass == Pass.PINNED) {
                PinnedSpans.ofOpenMount(r, open, openStart, t0, t, this);
            }   // an open mount has no verdict of the clocks yet: never unsure
        }
    }

    /** The k-th held mount's index, or {@code size} past the last (the loop's end). */
    private static int heldAt(HeldMounts held, int k, int size) {
        return k < held.size() ? Math.min(held.get(k), size) : size;
    }

    /**
     * The first mount from {@code from} on that ends right of what the painter has covered (each later mount, on one
     * carrier, starts after the one before ends); {@code from} itself when it does, or nothing is covered.
     */
    private int firstNotCovered(CarrierLog log, int from, long t0, double x, double width) {
        double covered = painter.coveredTo();
        if (from >= log.size() || Double.isNaN(covered)) {
            return from;
        }
        long coveredTime = t0 + (long) Math.floor((covered - x) * trailNanos / width);
        if (log.end(from) > coveredTime) {
            return from;
        }
        return log.firstEndingAfter(coveredTime);
    }

    /** A pinned span from the rule, in time since the recording's origin. */
    @Override
    public void span(long from, long to) {
        span(from, to, spanT0, spanX, spanWidth);
    }

    private void span(long from, long to, long t0, double x, double width) {
        double scale = width / trailNanos;
        painter.span(x + (from - t0) * scale, x + (to - t0) * scale);
    }
}
