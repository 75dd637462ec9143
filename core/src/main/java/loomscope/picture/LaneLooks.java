package loomscope.picture;

import java.util.Arrays;
import java.util.Map;
import java.util.WeakHashMap;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/**
 * The one place that decides a carrier's {@link Look} over each pixel column of its lane, at any zoom, and in its box
 * at t. A column covers [from + c·span/columns, from + (c+1)·span/columns); the most severe look of any mount part in it
 * wins, and any mount part that reaches into a column marks it: every non-idle span is at least one column wide, so a
 * 5 ms pin in an hour is still one red column. Which part of a mount is pinned is {@link PinnedSpans}'s rule; held,
 * unsure, captured and stalled cover the whole mount ({@link Look#wholeMount}); a mount still open is running, and
 * pinned where the rule says so.
 * <p>
 * Cost: a binary search to the first mount in view ({@link CarrierLog#firstEndingAfter}), then the mounts in view, minus
 * those inside a column already pinned (nothing can outrank it): O(columns + mounts in view), never the recording. Where
 * a lane has many more mounts in view than columns (a million threads seen whole), a binary search a column says
 * whether any mount reaches into it, and only the carrier's mounts that held it by some word ({@link HeldIndex}) are
 * read for more: O(columns · log mounts + held mounts in view). One instance per painter (it is the pinned rule's sink).
 */
public final class LaneLooks implements PinnedSpans.Sink {
    private static final byte PINNED = (byte) Look.PINNED.ordinal();
    private static final byte RUNNING = (byte) Look.RUNNING.ordinal();

    private byte[] out;
    private int offset;
    private int columns;
    private long from;
    private long to;
    private double perColumn;
    /** Each carrier's held mounts, kept while its log is (a saved run opened and closed lets go of both). */
    private final Map<CarrierLog, HeldIndex> held = new WeakHashMap<>();

    /** More mounts in view than this many a column: the lane is read a column at a time. */
    private static final int DENSE_MOUNTS_PER_COLUMN = 4;

    /**
     * Fills {@code out[offset .. offset + columns)} with the {@link Look} ordinal of {@code log}'s carrier over each
     * column of the axis [from, to), drawn up to {@code upTo} (the instant shown: nothing after it is known yet).
     */
    public void columns(RunRecording r, CarrierLog log, long from, long to, long upTo, int columns, byte[] out, int offset) {
        Arrays.fill(out, offset, offset + Math.max(0, columns), (byte) Look.IDLE.ordinal());
        long end = Math.min(to, upTo);
        if (columns <= 0 || end <= from) {
            return;
        }
        this.out = out;
        this.offset = offset;
        this.columns = columns;
        this.from = from;
        this.to = end;
        this.perColumn = (double) (to - from) / columns;
        int size = log.size();
        int firstInView = log.firstEndingAfter(from);
        if ((long) log.firstEndingAfter(end) - firstInView > (long) DENSE_MOUNTS_PER_COLUMN * columns) {
            dense(r, log, firstInView, end, upTo);
        } else {
            sparse(r, log, firstInView, end, upTo);
        }
        int open = log.openVt();
        long openStart = log.openStart();
        if (open >= 0 && !r.isFinished() && openStart < upTo && log.openVt() == open) {
            mark(openStart, upTo, RUNNING);   // no verdict yet: running, and pinned where a block inside it has lasted
            PinnedSpans.ofOpenMount(r, open, openStart, from, upTo, this);
        }
        this.out = null;
    }

    /** Mount by mount: every mount in view marks its columns. */
    private void sparse(RunRecording r, CarrierLog log, int firstInView, long end, long upTo) {
        int size = log.size();
        for (int i = firstInView; i < size; i++) {
            long start = log.start(i);
            if (start >= end) {
                break;
            }
            Look whole = Look.wholeMount(log, i);
            mark(start, log.end(i), whole == null ? RUNNING : (byte) whole.ordinal());
            if (whole == null) {
                PinnedSpans.ofMount(r, log, i, from, upTo, this);
            }
            int last = column(Math.min(log.end(i), end) - 1);
            if (out[offset + last] == PINNED && i + 1 < size && log.end(i + 1) <= columnEnd(last)) {
                // a busy lane has thousands of mounts a column: those inside one already pinned change nothing
                i = log.firstEndingAfter(columnEnd(last)) - 1;
            }
        }
    }

    /**
     * Column by column: a column any mount reaches into is running (a binary search for the first mount ending after
     * its start), then the held mounts in view mark what they are, as {@link #sparse} would: the same columns, the most
     * severe look winning, without reading the plain mounts between them.
     */
    private void dense(RunRecording r, CarrierLog log, int firstInView, long end, long upTo) {
        int size = log.size();
        for (int c = 0; c < columns; c++) {
            long columnStart = c == 0 ? from : columnEnd(c - 1);
            long columnStop = Math.min(columnEnd(c), end);
            if (columnStop <= columnStart) {
                continue;
            }
            int j = log.firstEndingAfter(columnStart);
            if (j < size && log.start(j) < columnStop) {
                mark(Math.max(columnStart, log.start(j)), Math.min(columnStop, log.end(j)), RUNNING);
            }
        }
        HeldIndex index = held.computeIfAbsent(log, k -> new HeldIndex());
        index.update(log, r.classed());
        for (int k = index.firstFrom(firstInView); k < index.size(); k++) {
            int i = index.get(k);
            long start = log.start(i);
            if (start >= end) {
                break;
            }
            Look whole = Look.wholeMount(log, i);
            if (whole != null) {
                mark(start, log.end(i), (byte) whole.ordinal());
            } else {
                PinnedSpans.ofMount(r, log, i, from, upTo, this);
            }
        }
    }

    /** The same for a whole array: {@code out[0 .. columns)}. */
    public void columns(RunRecording r, CarrierLog log, long from, long to, long upTo, int columns, byte[] out) {
        columns(r, log, from, to, upTo, columns, out, 0);
    }

    /** A pinned part of a mount, from the rule. */
    @Override
    public void span(long a, long b) {
        mark(a, b, PINNED);
    }

    /** Raises the columns [a, b) reaches into (clipped to the axis and to what is drawn) to {@code look}. */
    private void mark(long a, long b, byte look) {
        long lo = Math.max(a, from);
        long hi = Math.min(b, to);
        if (hi <= lo) {
            return;
        }
        int first = column(lo);
        int last = Math.max(first, column(hi - 1));
        for (int c = first; c <= last; c++) {
            if (out[offset + c] < look) {
                out[offset + c] = look;
            }
        }
    }

    private int column(long time) {
        return (int) Math.max(0, Math.min(columns - 1, (long) ((time - from) / perColumn)));
    }

    /** The first instant of the column after {@code c}. */
    private long columnEnd(int c) {
        return from + (long) Math.ceil((c + 1) * perColumn);
    }

    /** The look of {@code log}'s carrier at instant t: its box. */
    public static Look at(RunRecording r, CarrierLog log, long t) {
        int i = log.mountAt(t);
        if (i >= 0) {
            Look whole = Look.wholeMount(log, i);
            if (whole != null) {
                return whole;
            }
            return log.pinned(i) && PinnedSpans.heldAt(r, log.vt(i), log.start(i), log.end(i), t) ? Look.PINNED : Look.RUNNING;
        }
        int open = log.openVt();
        long openStart = log.openStart();
        if (open >= 0 && !r.isFinished() && openStart <= t) {
            return PinnedSpans.openHeldAt(r, open, openStart, t) ? Look.PINNED : Look.RUNNING;
        }
        return Look.IDLE;
    }
}
