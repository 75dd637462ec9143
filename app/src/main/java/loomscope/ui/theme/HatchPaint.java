package loomscope.ui.theme;

import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.paint.ImagePattern;
import javafx.scene.paint.Paint;
import loomscope.picture.Hatch;
import loomscope.picture.PictureColours;
import loomscope.picture.Rgb;

/**
 * The "unsure" look: its colour crossed by diagonal stripes of the same colour at two fifths of its brightness (at
 * least 3:1 in contrast with it, in every theme: UnsurePaletteTest), so that it
 * differs from pinned red by more than hue (a red-green colour-blind viewer, a washed-out projector). Made once per
 * theme change and set as one fill: drawing with it allocates nothing. Its tile is core's {@link Hatch}, the one the
 * exports' texture is made of too.
 */
public final class HatchPaint {
    /** Stripes repeat every this many pixels along x + y; this many of them are dark. */
    public static final int PERIOD = Hatch.PERIOD;
    public static final int STRIPE = Hatch.STRIPE;

    private HatchPaint() { }

    /** The stripes' colour: {@code base} with each 8-bit channel at two fifths ({@link PictureColours#unsureStripe}). */
    public static Color stripe(Color base) {
        return Palette.fx(rgbOf(base).scaled(2, 5));
    }

    private static int channel(double value) {
        return (int) Math.round(value * 255);
    }

    /** A pattern anchored at the canvas's origin, so the stripes of neighbouring spans line up: the one {@link Hatch} tile. */
    public static Paint of(Color base) {
        int[] rgb = Hatch.tile(rgbOf(base), rgbOf(stripe(base)));
        WritableImage tile = new WritableImage(PERIOD, PERIOD);
        PixelWriter pixels = tile.getPixelWriter();
        for (int y = 0; y < PERIOD; y++) {
            for (int x = 0; x < PERIOD; x++) {
                pixels.setArgb(x, y, 0xFF000000 | rgb[y * PERIOD + x]);
            }
        }
        return new ImagePattern(tile, 0, 0, PERIOD, PERIOD, false);
    }

    private static Rgb rgbOf(Color c) {
        return new Rgb(channel(c.getRed()) << 16 | channel(c.getGreen()) << 8 | channel(c.getBlue()));
    }
}
