package loomscope.recording;

import java.util.Arrays;
/**
 * Where the thread field puts each thread, for the window's canvas and the clip's frames alike: the largest square
 * cells that hold all N threads in a W x H area, row by row from the top left. When threads outnumber the pixels, one
 * dot stands for {@code perDot} consecutive threads and shows the state most of them are in ({@link #dotState}).
 * Coordinates are pixels relative to the field's top left corner; nothing here knows how the pixels get drawn.
 *
 * @param perDot  consecutive threads each dot stands for (1 unless threads outnumber the pixels)
 * @param pitch   the distance between dots, in pixels
 * @param cell    the side of a dot's square; one pixel less than the pitch from 5 px on (a gap between cells)
 */
public record FieldLayout(int threads, int perDot, int pitch, int cell, int columns, int rows) {

    /**
     * The largest pitch, in layout pixels. One cap for window and clip (they had drifted to 48 and 40): the window's
     * 48, because the clip is a recording of what the window shows, and a clip of a small run then has the same cells
     * as the window instead of a sixth smaller. A clip scales it with its frame, as it scales everything else.
     */
    public static final int MAX_PITCH = 48;

    /** Fits {@code threads} into a {@code width} x {@code height} area whose pixels are {@code scale} layout pixels. */
    public static FieldLayout fit(int threads, int width, int height, double scale) {
        int n = Math.max(0, threads);
        int w = Math.max(1, width);
        int h = Math.max(1, height);
        long pixels = (long) w * h;
        int perDot = (int) Math.max(1, (n + pixels - 1) / pixels);
        int dots = (n + perDot - 1) / perDot;
        int p = (int) Math.max(1, Math.floor(Math.sqrt((double) pixels / Math.max(1, dots))));
        while (p > 1 && (long) (w / p) * (h / p) < dots) {
            p--;
        }
        int pitch = Math.min(p, Math.max(1, (int) Math.round(MAX_PITCH * scale)));
        int columns = Math.max(1, w / pitch);
        int rows = Math.max(1, (dots + columns - 1) / columns);
        return new FieldLayout(n, perDot, pitch, pitch >= 5 ? pitch - 1 : pitch, columns, rows);
    }

    /** The dots drawn: every thread has one. */
    public int dots() { return (threads + perDot - 1) / perDot; }

    /** The width the dots take, in pixels. */
    public int width() { return columns * pitch; }

    /** The height the dots take, in pixels. */
    public int height() { return rows * pitch; }

    /** The dot thread {@code vt} is drawn in. */
    public int dotOf(int vt) { return vt / perDot; }

    /** Left edge of dot {@code dot}'s cell. */
    public int cellX(int dot) { return (dot % columns) * pitch; }

    /** Top edge of dot {@code dot}'s cell. */
    public int cellY(int dot) { return (dot / columns) * pitch; }

    /** The first thread of the dot at ({@code x}, {@code y}), or -1 (for click-to-inspect). */
    public int threadAt(double x, double y) {
        if (x < 0 || y < 0) {
            return -1;
        }
        int column = (int) (x / pitch);
        int row = (int) (y / pitch);
        if (column >= columns || row >= rows) {
            return -1;
        }
        long first = ((long) row * columns + column) * perDot;
        return first < threads ? (int) first : -1;
    }

    /**
     * The state dot {@code dot} shows, given every thread's state by ordinal: its thread's, or the state most of its
     * threads are in. {@code tally}: a reused array of {@link VtState#COUNT} ints.
     */
    public int dotState(byte[] states, int dot, int[] tally) {
        int from = dot * perDot;
        int to = Math.min(threads, from + perDot);
        if (to - from == 1) {
            return states[from];
        }
        Arrays.fill(tally, 0);
        int best = states[from];
        for (int i = from; i < to; i++) {
            int s = states[i];
            if (++tally[s] > tally[best]) {
                best = s;
            }
        }
        return best;
    }
}
