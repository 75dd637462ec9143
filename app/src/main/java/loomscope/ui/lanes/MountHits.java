package loomscope.ui.lanes;

import loomscope.recording.CarrierLog;

/**
 * Finds mounts on one carrier by time, through the carrier's own time-sorted log (binary search): a click at any zoom,
 * the keys that step from mount to mount. Never a scan of the recording: a saved run of a million threads answers in
 * about twenty reads.
 */
public final class MountHits {
    private MountHits() { }

    /**
     * The completed mount of {@code log} nearest to {@code t} within {@code tolerance} ns (one that covers t is at 0),
     * or -1: a click finds the mount it fell on, or one a few pixels beside it, at whatever zoom.
     */
    public static int nearest(CarrierLog log, long t, long tolerance) {
        int size = log.size();
        int i = log.firstEndingAfter(t - Math.max(0, tolerance));
        int best = -1;
        long bestDistance = Long.MAX_VALUE;
        // mounts of one carrier never overlap: the first ending after t - tolerance and the one after it are the
        // only ones that can be nearer than any other
        for (int k = i; k < Math.min(size, i + 2); k++) {
            long d = distance(log.start(k), log.end(k), t);
            if (d <= tolerance && d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        return best;
    }

    private static long distance(long start, long end, long t) {
        return t < start ? start - t : t >= end ? t - end : 0;
    }

    /** The next completed mount after {@code i} on the carrier, or -1 after its last. */
    public static int next(CarrierLog log, int i) {
        return i + 1 < log.size() ? i + 1 : -1;
    }

    /** The one before, or -1 before the first. */
    public static int previous(CarrierLog log, int i) {
        return i - 1 >= 0 && i - 1 < log.size() ? i - 1 : -1;
    }

    /**
     * The next mount after {@code i} that held its carrier (pinned, captured, stalled, unsure, or held and not classed
     * yet), or -1: steps forward a key press at a time, not per frame.
     */
    public static int nextHeld(CarrierLog log, int i) {
        for (int k = Math.max(0, i + 1); k < log.size(); k++) {
            if (log.heldByAnyWord(k)) {
                return k;
            }
        }
        return -1;
    }

    /** The first mount that starts at or after {@code t} (a site's first mount is found so), or -1. */
    public static int firstStartingFrom(CarrierLog log, long t) {
        int i = log.firstEndingAfter(t);
        while (i < log.size() && log.start(i) < t) {
            i++;
        }
        return i < log.size() ? i : -1;
    }
}
