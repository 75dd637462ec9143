package loomscope.attach;

import java.util.AbstractList;
import java.util.List;

import loomscope.recording.PrimitiveColumns;

/**
 * An attach session's episodes in primitive columns (33 bytes an episode, no object each): a busy target ends
 * millions a second. Kept up to {@link #MAX_KEPT} (by default); the rest are counted as not kept, never silently lost.
 */
final class EpisodeColumns {
    /** ~330 MB of columns: a bound on what one session may hold in LoomScope's heap. */
    static final int MAX_KEPT = 10_000_000;

    /** Per episode: its lane, thread, start and end, blocked time and whether it was a pinned park. */
    private enum Column { LANE, VT, START, END, BLOCKED, PARK }

    /** 4,096 episodes a chunk: a session that keeps millions grows without copying them. */
    private final PrimitiveColumns<Column> columns = new PrimitiveColumns<>(Column.class, 12,
            int.class, int.class, long.class, long.class, long.class, boolean.class);
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
        columns.row(size).putInt(Column.LANE, lane).putInt(Column.VT, vt).putLong(Column.START, start)
                .putLong(Column.END, end).putLong(Column.BLOCKED, blockedValue).putBoolean(Column.PARK, pinnedPark);
        size++;
    }

    int size() { return size; }

    long notKept() { return notKept; }

    int vt(int i) { return columns.getInt(Column.VT, i); }

    AttachedEpisodes.Episode get(int i) {
        return new AttachedEpisodes.Episode(columns.getInt(Column.LANE, i), columns.getInt(Column.VT, i),
                columns.getLong(Column.START, i), columns.getLong(Column.END, i), columns.getLong(Column.BLOCKED, i),
                columns.getBoolean(Column.PARK, i));
    }

    /** The first {@code n} episodes as a read-only list (an episode object made per read). */
    List<AttachedEpisodes.Episode> view(int n) {
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
