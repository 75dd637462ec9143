package loomscope.ui.field;

import java.util.Arrays;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import loomscope.picture.Hatch;
import loomscope.recording.FieldLayout;
import loomscope.recording.VtState;
import loomscope.ui.theme.HatchPaint;
import loomscope.ui.theme.Palette;

/**
 * The thread field of a large run, as one image: every frame writes all cells into an ARGB buffer and puts it on
 * the canvas with a single blit. A fillRect per changed cell is cheaper while few cells change, but a frame that
 * repaints every cell (a new run, a resize) costs one raster call per thread: 100 ms for 100,000 threads and 600 ms
 * for a million on the software pipeline (measured), a frozen window. Past what cells of 2 px can show, one pixel
 * stands for {@code k} consecutive threads, in the state most of them are in. Where the dots go is
 * {@link FieldLayout}'s, as in the clip's field.
 */
final class DenseField {
    private FieldLayout layout = FieldLayout.fit(0, 1, 1, 1);
    private int width;
    private int[] argb = new int[0];
    private WritableImage image;
    private final int[] colours = new int[VtState.COUNT];
    private final int[] tally = new int[VtState.COUNT];
    /** Unsure dots carry the lanes' stripes, as the clip's field does: a 1-px dot of many threads shows its colour. */
    private int unsureStripe;

    /** From this many threads a frame that repaints every cell would be a visible freeze (docs/performance.md). */
    static final int IMAGE_FROM_THREADS = 20_000;

    /** Whether {@code threads} are drawn this way in a {@code w} x {@code h} field. */
    static boolean needed(int threads, double w, double h) {
        return threads >= IMAGE_FROM_THREADS || threads > Math.floor(w / 2) * Math.floor(h / 2);
    }

    /** Sizes the image for the dots of {@code layout}; call when N or the size changed. */
    void layout(FieldLayout layout) {
        this.layout = layout;
        width = layout.width();
        int height = layout.height();
        if (image == null || image.getWidth() != width || image.getHeight() != height) {
            argb = new int[width * height];
            image = new WritableImage(width, height);
        }
    }

    void setPalette(Palette palette) {
        for (int s = 0; s < VtState.COUNT; s++) {
            colours[s] = argbOf(palette.states()[s]);
        }
        unsureStripe = argbOf(HatchPaint.stripe(palette.of(VtState.UNSURE)));
    }

    void paint(GraphicsContext gc, byte[] states, int background) {
        Arrays.fill(argb, background);
        int cell = layout.cell();
        int unsure = VtState.UNSURE.ordinal();
        for (int dot = 0, dots = layout.dots(); dot < dots; dot++) {
            int state = layout.dotState(states, dot, tally);
            int colour = colours[state];
            int cx = layout.cellX(dot);
            int cy = layout.cellY(dot);
            int at = cy * width + cx;
            for (int row = 0; row < cell; row++, at += width) {
                if (state == unsure) {
                    for (int col = 0; col < cell; col++) {
                        argb[at + col] = Hatch.stripeAt(cx + col, cy + row, Hatch.PERIOD, Hatch.STRIPE) ? unsureStripe : colour;
                    }
                } else {
                    Arrays.fill(argb, at, at + cell, colour);
                }
            }
        }
        image.getPixelWriter().setPixels(0, 0, width, layout.height(), PixelFormat.getIntArgbInstance(), argb, 0, width);
        gc.drawImage(image, 0, 0);
    }

    static int argbOf(Color c) {
        return (int) Math.round(c.getOpacity() * 255) << 24 | (int) Math.round(c.getRed() * 255) << 16
                | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
    }
}
