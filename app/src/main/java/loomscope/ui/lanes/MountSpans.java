package loomscope.ui.lanes;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.workload.Phase;

/**
 * Which parts of a carrier's mounts each pass of the lanes paints, in one colour per pass: running (whole mounts),
 * pinned (the blocked part of pinned mounts, by the task's phases, else all) and unsure (whole mounts the carriers'
 * clocks could not judge). Hands the spans to a {@link TrailPainter}; allocates nothing.
 */
final class MountSpans {
    enum Pass { RUNNING, PINNED, UNSURE }

    private final TrailPainter painter;
    private long trailNanos;
    private boolean unsurePainted;
    /** Whether a running pass since {@link #beginFrame()} passed an unsure mount: else the unsure pass is skipped. */
    private boolean unsureInView;

    MountSpans(TrailPainter painter) {
        this.painter = painter;
    }

    void setTrailNanos(long trailNanos) { this.trailNanos = trailNanos; }

    /** Whether an unsure pass painted a span since the last {@link #clearUnsurePainted()}. */
    boolean unsurePainted() { return unsurePainted; }

    void clearUnsurePainted() { unsurePainted = false; }

    void beginFrame() { unsureInView = false; }

    /** Whether this frame's running passes met an unsure mount (only then does an unsure pass have work). */
    boolean unsureInView() { return unsureInView; }

    void paint(RunRecording r, CarrierLog log, long t0, long t, double x, double width, Pass pass) {
        int size = log.size();
        for (int i = log.firstEndingAfter(t0); i < size; i++) {
            long start = log.start(i);
            if (start >= t) {
                break;
            }
            long end = Math.min(log.end(i), t);
            switch (pass) {
                case RUNNING -> {
                    span(Math.max(start, t0), end, t0, x, width);
                    unsureInView |= log.unsure(i);
                    int next = firstNotCovered(log, i + 1, t0, x, width);
                    if (next > i + 1) {
                        // a busy lane has thousands of mounts a pixel: those inside what is painted add nothing
                        unsureInView |= log.unsureCount() > 0;   // whether among them: the unsure pass will look
                        i = next - 1;
                    }
                }
                case UNSURE -> {
                    if (log.unsure(i)) {   // the clocks say neither whether nor when it blocked: the whole mount
                        span(Math.max(start, t0), end, t0, x, width);
                        unsurePainted = true;
                    }
                }
                case PINNED -> {
                    if (!log.pinned(i)) {
                        continue;
                    }
                    if (r.phasesSayBlocked(log.vt(i), start, log.end(i))) {
                        blockedSpans(r, log.vt(i), start, Math.max(start, t0), end, t0, x, width, 0);
                    } else {   // clock-pinned, no block of the task's own (class-init): the clocks say how long, not when
                        span(Math.max(start, t0), end, t0, x, width);
                    }
                }
            }
        }
        int open = log.openVt();
        long openStart = log.openStart();
        if (open >= 0 && !r.isFinished() && openStart < t && log.openVt() == open) {
            if (pass == Pass.RUNNING) {
                span(Math.max(openStart, t0), t, t0, x, width);
            } else if (pass == Pass.PINNED) {
                // a thread that just began to sleep is on its way to unmount: not a pin until it stays mounted
                blockedSpans(r, open, openStart, Math.max(openStart, t0), t, t0, x, width, RunRecording.BLOCK_THRESHOLD_NANOS);
            }   // an open mount has no verdict of the clocks yet: never unsure
        }
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

    /** Blocked intervals that began inside this mount: a sleep or lock wait that began elsewhere was unmounted. */
    private void blockedSpans(RunRecording r, int vt, long mountStart, long from, long to, long t0, double x,
                              double width, long minOpen) {
        blockedSpan(r.phase(vt, Phase.SLEEP_START), r.phase(vt, Phase.SLEEP_END), mountStart, from, to, t0, x, width, minOpen);
        if (r.lockCanBlock()) {
            blockedSpan(r.phase(vt, Phase.LOCK_REQUESTED), r.phase(vt, Phase.LOCK_ACQUIRED), mountStart, from, to, t0,
                    x, width, minOpen);
        }
    }

    private void blockedSpan(long a, long b, long mountStart, long from, long to, long t0, double x, double width,
                             long minOpen) {
        if (a < mountStart || a >= to) {
            return;
        }
        boolean stillBlocked = b < 0 || b > to;
        if (stillBlocked && to - a < minOpen) {
            return;
        }
        long start = Math.max(a, from);
        long end = stillBlocked ? to : b;
        if (end > start) {
            span(start, end, t0, x, width);
        }
    }

    private void span(long from, long to, long t0, double x, double width) {
        double scale = width / trailNanos;
        painter.span(x + (from - t0) * scale, x + (to - t0) * scale);
    }
}
