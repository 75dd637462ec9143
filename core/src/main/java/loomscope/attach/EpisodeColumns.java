package loomscope.attach;

import java.util.AbstractList;
import java.util.Arrays;

/**
 * An attach session's episodes in primitive columns (33 bytes an episode, no object each): a busy target ends
 * millions a second. Kept up to {@link #MAX_KEPT} (by default); the rest are counted as not kept, never silently lost.
 */
final class EpisodeColumns {
    /** ~330 MB of columns: a bound on what one session may hold in LoomScope's heap. */
    static final int MAX_KEPT = 10_000_000;

    private int[] lanes = new int[1 << 12];
    private int[] vts = new int[1 << 12];
    private long[] starts = new long[1 << 12];
    private long[] ends = new long[1 << 12];
    private long[] blocked = new long[1 << 12];
    private boolean[] parks = new boolean[1 << 12];
    private final int maxKept;
    private int size;
    private long notKept;

    EpisodeColumns() {
        this(MAX_KEPT);
    }

    EpisodeColumns(int maxKept) {
        this.maxKept = maxKept;
    }

    void add(int lane, int vt, long start, long end, long blockedValue, boolean pinnedPark) {
        if (size == maxKept) {
            notKept++;
            return;
        }
        if (size == lanes.length) {
            int grown = (int) Math.min(maxKept, lanes.length * 2L);
            lanes = Arrays.copyOf(lanes, grown);
            vts = Arrays.copyOf(vts, grown);
            starts = Arrays.copyOf(starts, grown);
            ends = Arrays.copyOf(ends, grown);
            blocked = Arrays.copyOf(blocked, grown);
            parks = Arrays.copyOf(parks, grown);
        }
        lanes[size] = lane;
        vts[size] = vt;
        starts[size] = start;
        ends[size] = end;
        blocked[size] = blockedValue;
        parks[size] = pinnedPark;
        size++;
    }

    int size() { return size; }

    long notKept() { return notKept; }

    int vt(int i) { return vts[i]; }

    AttachedEpisodes.Episode get(int i) {
        return new AttachedEpisodes.Episode(lanes[i], vts[i], starts[i], ends[i], blocked[i], parks[i]);
    }

    /** The first {@code n} episodes as a read-only list (an episode object made per read). */
    java.util.List<AttachedEpisodes.Episode> view(int n) {
        return new AbstractList<>() {
            @Override public AttachedEpisodes.Episode get(int i) {
                if (i < 0 || i >= n) {
                    throw new IndexOutOfBoundsException(i);
                }
                return EpisodeColumns.this.get(i);
            }

            @Override public int size() { return n; }
        };
    }
}
