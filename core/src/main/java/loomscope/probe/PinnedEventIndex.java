package loomscope.probe;

import java.util.Arrays;
import java.util.List;

/**
 * JFR pinned events sorted per carrier lane, for drawing them on the lanes at their time (live and in
 * replay). Events arrive in flush batches, not in time order, so each lane keeps its own start-sorted
 * arrays; one carrier pins one thread at a time, so a lane's events do not overlap and ends are sorted too.
 * Events without a lane (JDK 21: no carrier field) are counted, not drawn. Single writer; read on the same
 * thread (the FX pulse), so no locks.
 */
public final class PinnedEventIndex {
    private long[][] starts = new long[0][];
    private long[][] ends = new long[0][];
    private int[] sizes = new int[0];
    private int added;
    private int withoutLane;

    /** Adds newly delivered events. */
    public void addAll(List<PinnedEvent> events) {
        for (PinnedEvent e : events) {
            add(e.carrierIndex(), e.start(), e.end());
        }
    }

    void add(int lane, long start, long end) {
        added++;
        if (lane < 0) {
            withoutLane++;
            return;
        }
        if (lane >= sizes.length) {
            int n = lane + 1;
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            sizes = Arrays.copyOf(sizes, n);
        }
        if (starts[lane] == null) {
            starts[lane] = new long[64];
            ends[lane] = new long[64];
        }
        int size = sizes[lane];
        if (size == starts[lane].length) {
            starts[lane] = Arrays.copyOf(starts[lane], size * 2);
            ends[lane] = Arrays.copyOf(ends[lane], size * 2);
        }
        long[] s = starts[lane];
        long[] en = ends[lane];
        int i = size;
        while (i > 0 && s[i - 1] > start) { // insertion: batches are nearly sorted
            s[i] = s[i - 1];
            en[i] = en[i - 1];
            i--;
        }
        s[i] = start;
        en[i] = end;
        sizes[lane] = size + 1;
    }

    /** Events added so far (with or without a lane). */
    public int size() { return added; }

    /** Events that named no carrier (JDK 21) and so cannot be drawn on a lane. */
    public int withoutLane() { return withoutLane; }

    public int lanes() { return sizes.length; }

    public int count(int lane) { return lane < sizes.length ? sizes[lane] : 0; }

    public long start(int lane, int i) { return starts[lane][i]; }

    public long end(int lane, int i) { return ends[lane][i]; }

    /** The first event of {@code lane} that ends after {@code t} (count(lane) if none). */
    public int firstEndingAfter(int lane, long t) {
        int lo = 0;
        int hi = count(lane);
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[lane][mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether an event of {@code lane} covers time {@code t}. */
    public boolean covers(int lane, long t) {
        int i = firstEndingAfter(lane, t);
        return i < count(lane) && starts[lane][i] <= t;
    }
}
