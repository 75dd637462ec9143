package loomscope.ui.field;

import java.util.Arrays;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import loomscope.recording.VtState;
import loomscope.ui.theme.Palette;

/**
 * The thread field when threads outnumber what cells of 2 px can show (a saved run of a million threads): one
 * pixel per dot, each dot standing for {@code k} consecutive threads in the state most of them are in, written
 * into an ARGB buffer and put on the canvas as one image. A fillRect per changed cell would be up to a million
 * raster calls in one frame (measured: 600 ms on the software pipeline); one image is a single blit.
 */
final class DenseField {
    private int width;
    private int rows;
    private int perDot;
    private int threads;
    private int[] argb = new int[0];
    private WritableImage image;
    private final int[] colours = new int[VtState.COUNT];
    private final int[] tally = new int[VtState.COUNT];

    /** Whether {@code threads} need this way of drawing in a {@code w} x {@code h} field. */
    static boolean needed(int threads, double w, double h) {
        return threads > Math.floor(w / 2) * Math.floor(h / 2);
    }

    /** Fits the dots into the area; call when N or the size changed. */
    void layout(int n, double w, double h) {
        threads = n;
        width = Math.max(1, (int) w);
        long pixels = (long) width * Math.max(1, (int) h);
        perDot = (int) Math.max(1, (n + pixels - 1) / pixels);
        int dots = (n + perDot - 1) / perDot;
        rows = Math.max(1, (dots + width - 1) / width);
        if (argb.length != width * rows) {
            argb = new int[width * rows];
            image = new WritableImage(width, rows);
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
        int column = (int) x;
        int row = (int) y;
        if (column < 0 || column >= width || row < 0 || row >= rows) {
            return -1;
        }
        long first = ((long) row * width + column) * perDot;
        return first < threads ? (int) first : -1;
    }

    void paint(GraphicsContext gc, byte[] states, int background) {
        Arrays.fill(argb, background);
        int dot = 0;
        for (int first = 0; first < threads; first += perDot, dot++) {
            argb[dot] = colours[mostCommon(states, first, Math.min(threads, first + perDot))];
        }
        image.getPixelWriter().setPixels(0, 0, width, rows, PixelFormat.getIntArgbInstance(), argb, 0, width);
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
