package loomscope.ui.field;

import java.util.Arrays;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import loomscope.recording.VtState;
import loomscope.ui.theme.Palette;

/**
 * The thread field of a large run, as one image: every frame writes all cells into an ARGB buffer and puts it on
 * the canvas with a single blit. A fillRect per changed cell is cheaper while few cells change, but a frame that
 * repaints every cell (a new run, a resize) costs one raster call per thread: 100 ms for 100,000 threads and 600 ms
 * for a million on the software pipeline (measured), a frozen window. Past what cells of 2 px can show, one pixel
 * stands for {@code k} consecutive threads, in the state most of them are in.
 */
final class DenseField {
    private int width;
    private int rows;
    private int perDot;
    private int pitch;
    private int cell;
    private int columns;
    private int threads;
    private int[] argb = new int[0];
    private WritableImage image;
    private final int[] colours = new int[VtState.COUNT];
    private final int[] tally = new int[VtState.COUNT];

    /** From this many threads a frame that repaints every cell would be a visible freeze (docs/performance.md). */
    static final int IMAGE_FROM_THREADS = 20_000;

    /** Whether {@code threads} are drawn this way in a {@code w} x {@code h} field. */
    static boolean needed(int threads, double w, double h) {
        return threads >= IMAGE_FROM_THREADS || threads > Math.floor(w / 2) * Math.floor(h / 2);
    }

    /** Fits the dots into the area; call when N or the size changed. */
    void layout(int n, double w, double h) {
        threads = n;
        int areaW = Math.max(1, (int) w);
        int areaH = Math.max(1, (int) h);
        long pixels = (long) areaW * areaH;
        perDot = (int) Math.max(1, (n + pixels - 1) / pixels);
        int dots = (n + perDot - 1) / perDot;
        int p = (int) Math.max(1, Math.floor(Math.sqrt((double) pixels / Math.max(1, dots))));
        while (p > 1 && (long) (areaW / p) * (areaH / p) < dots) {
            p--;
        }
        pitch = Math.min(p, 48);
        cell = pitch >= 5 ? pitch - 1 : pitch;
        columns = Math.max(1, areaW / pitch);
        width = columns * pitch;
        rows = Math.max(1, (dots + columns - 1) / columns);
        int height = rows * pitch;
        if (image == null || image.getWidth() != width || image.getHeight() != height) {
            argb = new int[width * height];
            image = new WritableImage(width, height);
        }
    }

    void setPalette(Palette palette) {
        for (int s = 0; s < VtState.COUNT; s++) {
            colours[s] = argbOf(palette.states()[s]);
        }
    }

    /** Threads each dot stands for. */
    int perDot() { return perDot; }

    /** The first thread of the dot at (x, y), or -1. */
    int threadAt(double x, double y) {
        if (x < 0 || y < 0) {
            return -1;
        }
        int column = (int) x / pitch;
        int row = (int) y / pitch;
        if (column >= columns || row >= rows) {
            return -1;
        }
        long first = ((long) row * columns + column) * perDot;
        return first < threads ? (int) first : -1;
    }

    /** The distance between dots, in pixels. */
    int pitch() { return pitch; }

    void paint(GraphicsContext gc, byte[] states, int background) {
        Arrays.fill(argb, background);
        int dot = 0;
        for (int first = 0; first < threads; first += perDot, dot++) {
            int colour = colours[mostCommon(states, first, Math.min(threads, first + perDot))];
            int at = (dot / columns) * pitch * width + (dot % columns) * pitch;
            for (int row = 0; row < cell; row++, at += width) {
                Arrays.fill(argb, at, at + cell, colour);
            }
        }
        int height = rows * pitch;
        image.getPixelWriter().setPixels(0, 0, width, height, PixelFormat.getIntArgbInstance(), argb, 0, width);
        gc.drawImage(image, 0, 0);
    }

    private int mostCommon(byte[] states, int from, int to) {
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

    static int argbOf(Color c) {
        return (int) Math.round(c.getOpacity() * 255) << 24 | (int) Math.round(c.getRed() * 255) << 16
                | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
    }
}
