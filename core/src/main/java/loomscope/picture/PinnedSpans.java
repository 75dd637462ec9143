package loomscope.picture;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.workload.Phase;

/**
 * The one rule for which part of a mount is drawn as pinned: the lanes' red spans, a carrier's red box, a thread's
 * pinned cell and a clip's frame all ask it, so no picture can show a carrier wasted where another shows it running.
 * <ul>
 *   <li>A closed mount the recording judged pinned: the sleeps and lock waits of the task's own that began inside it
 *       (one that began before the mount was spent unmounted); where the phases name none inside it (pinned by the
 *       carriers' clocks: class-init, a task file), the whole mount: the clocks say how long, not when.</li>
 *   <li>A mount still open (no verdict yet): its blocks that began inside it, one still going only once it has lasted
 *       {@link RunRecording#BLOCK_THRESHOLD_NANOS} (a thread that just began to sleep is on its way to unmount).</li>
 * </ul>
 * Sleeps count only when the task's sleep can block, lock waits only when its lock can ({@link RunRecording#sleepCanBlock},
 * {@link RunRecording#lockCanBlock}). Allocates nothing.
 */
public final class PinnedSpans {
    private PinnedSpans() { }

    /** Told each pinned interval, in nanos since the recording's origin. */
    @FunctionalInterface
    public interface Sink {
        void span(long from, long to);
    }

    /** The pinned parts of {@code log}'s closed mount {@code i} inside [from, to), to the sink. */
    public static void ofMount(RunRecording r, CarrierLog log, int i, long from, long to, Sink sink) {
        if (!log.pinned(i)) {
            return;
        }
        int vt = log.vt(i);
        long start = log.start(i);
        long end = Math.min(log.end(i), to);
        if (r.phasesSayBlocked(vt, start, log.end(i))) {
            blocks(r, vt, start, Math.max(start, from), end, 0, sink);
        } else if (end > Math.max(start, from)) {
            sink.span(Math.max(start, from), end);
        }
    }

    /** The pinned parts of thread {@code vt}'s open mount (from {@code mountStart}) inside [from, to), {@code to} being now. */
    public static void ofOpenMount(RunRecording r, int vt, long mountStart, long from, long to, Sink sink) {
        blocks(r, vt, mountStart, Math.max(mountStart, from), to, RunRecording.BLOCK_THRESHOLD_NANOS, sink);
    }

    /** Whether a closed mount of {@code vt} over [start, end), judged pinned, is pinned at t (start <= t < end). */
    public static boolean heldAt(RunRecording r, int vt, long start, long end, long t) {
        return !r.phasesSayBlocked(vt, start, end) || blockedAt(r, vt, start, t, 0);
    }

    /** Whether {@code vt}'s open mount from {@code mountStart} is pinned at t, the newest instant drawn. */
    public static boolean openHeldAt(RunRecording r, int vt, long mountStart, long t) {
        return blockedAt(r, vt, mountStart, t, RunRecording.BLOCK_THRESHOLD_NANOS);
    }

    /** Whether carrier {@code log} is wasted at t: the mount it holds is pinned there. */
    public static boolean pinnedAt(RunRecording r, CarrierLog log, long t) {
        int i = log.mountAt(t);
        if (i >= 0) {
            return log.pinned(i) && heldAt(r, log.vt(i), log.start(i), log.end(i), t);
        }
        int open = log.openVt();
        long openStart = log.openStart();
        return open >= 0 && !r.isFinished() && openStart <= t && openHeldAt(r, open, openStart, t);
    }

    private static void blocks(RunRecording r, int vt, long mountStart, long from, long to, long minOpen, Sink sink) {
        if (r.sleepCanBlock()) {
            block(r.phase(vt, Phase.SLEEP_START), r.phase(vt, Phase.SLEEP_END), mountStart, from, to, minOpen, sink);
        }
        if (r.lockCanBlock()) {
            block(r.phase(vt, Phase.LOCK_REQUESTED), r.phase(vt, Phase.LOCK_ACQUIRED), mountStart, from, to, minOpen, sink);
        }
    }

    /** Block [a, b) (b < 0: not over), if it began inside the mount; one still going at {@code to} after minOpen. */
    private static void block(long a, long b, long mountStart, long from, long to, long minOpen, Sink sink) {
        if (a < 0 || a < mountStart || a >= to) {
            return;
        }
        boolean stillBlocked = b < 0 || b > to;
        if (stillBlocked && to - a < minOpen) {
            return;
        }
        long start = Math.max(a, from);
        long end = stillBlocked ? to : b;
        if (end > start) {
            sink.span(start, end);
        }
    }

    /** The point form of {@link #blocks}, at its newest instant t (where a block still going must have lasted minOpen). */
    private static boolean blockedAt(RunRecording r, int vt, long mountStart, long t, long minOpen) {
        return r.sleepCanBlock() && within(r.phase(vt, Phase.SLEEP_START), r.phase(vt, Phase.SLEEP_END), mountStart, t, minOpen)
                || r.lockCanBlock()
                && within(r.phase(vt, Phase.LOCK_REQUESTED), r.phase(vt, Phase.LOCK_ACQUIRED), mountStart, t, minOpen);
    }

    private static boolean within(long a, long b, long mountStart, long t, long minOpen) {
        return a >= 0 && a >= mountStart && a <= t && (b < 0 || t < b) && t - a >= minOpen;
    }
}
