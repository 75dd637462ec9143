package loomscope.picture;

import java.util.Arrays;

import loomscope.recording.CarrierLog;

/**
 * The mounts of one carrier that held it by any word (pinned, unsure, captured, stalled, held not yet classed), in
 * time order: the only ones that can make a column more than running. A saved run of a million threads has two million
 * mounts on its lane and a few hundred of these. Grows with the log (only the mounts added since are read); read again
 * whole when the witnesses classed the recording anew (a mount's word may then change).
 */
final class HeldIndex {
    private int[] at = new int[16];
    private int count;
    private int scannedTo;
    private int classedSeen = -1;

    /** Brings the index up to {@code log}'s mounts, {@code classed} being the recording's {@code classed()}. */
    void update(CarrierLog log, int classed) {
        if (classed != classedSeen || log.size() < scannedTo) {
            count = 0;
            scannedTo = 0;
            classedSeen = classed;
        }
        int size = log.size();
        for (int i = scannedTo; i < size; i++) {
            if (log.heldByAnyWord(i)) {
                if (count == at.length) {
                    at = Arrays.copyOf(at, count * 2);
                }
                at[count++] = i;
            }
        }
        scannedTo = size;
    }

    int size() { return count; }

    /** The k-th held mount's index in the carrier's log. */
    int get(int k) { return at[k]; }

    /** The first k whose mount index is at least {@code mount} (size() if none): a binary search. */
    int firstFrom(int mount) {
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (at[mid] < mount) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
