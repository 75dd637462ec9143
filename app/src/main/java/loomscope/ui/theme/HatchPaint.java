package loomscope.ui.theme;

import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.paint.ImagePattern;
import javafx.scene.paint.Paint;

/**
 * The "unsure" look: its colour crossed by diagonal stripes of the same colour at two fifths of its brightness (at
 * least 3:1 in contrast with it, in every theme: UnsurePaletteTest), so that it
 * differs from pinned red by more than hue (a red-green colour-blind viewer, a washed-out projector). Made once per
 * theme change and set as one fill: drawing with it allocates nothing. The exports draw the same stripes
 * ({@code loomscope.report.ClipColours}).
 */
public final class HatchPaint {
    /** Stripes repeat every this many pixels along x + y; this many of them are dark. */
    public static final int PERIOD = 12;
    public static final int STRIPE = 5;

    private HatchPaint() { }

    /** The stripes' colour: {@code base} with each 8-bit channel at two fifths (as the exports do). */
    public static Color stripe(Color base) {
        return Color.rgb(darker(base.getRed()), darker(base.getGreen()), darker(base.getBlue()), base.getOpacity());
    }

    private static int darker(double channel) {
        return (int) Math.round(channel * 255) * 2 / 5;
    }

    /** A pattern anchored at the canvas's origin, so the stripes of neighbouring spans line up. */
    public static Paint of(Color base) {
        WritableImage tile = new WritableImage(PERIOD, PERIOD);
        PixelWriter pixels = tile.getPixelWriter();
        Color dark = stripe(base);
        for (int y = 0; y < PERIOD; y++) {
            for (int x = 0; x < PERIOD; x++) {
                pixels.setColor(x, y, (x + y) % PERIOD < STRIPE ? dark : base);
            }
        }
        return new ImagePattern(tile, 0, 0, PERIOD, PERIOD, false);
    }
}
