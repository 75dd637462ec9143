package loomscope.picture;

import loomscope.recording.VtState;

/**
 * The unsure hatch: the unsure colour crossed by diagonal stripes of {@link PictureColours#unsureStripe()}, every
 * {@link PictureColours#HATCH_PERIOD} pixels along x + y, {@link PictureColours#HATCH_STRIPE} of them dark, anchored at
 * the picture's origin so that neighbouring spans line up. The window's pattern and the exports' texture are both made
 * from {@link #tile}.
 */
public final class Hatch {
    public static final int PERIOD = PictureColours.HATCH_PERIOD;
    public static final int STRIPE = PictureColours.HATCH_STRIPE;

    private Hatch() { }

    /** Whether pixel (x, y) of a hatch of {@code period} with {@code stripe} dark is a stripe's. */
    public static boolean stripeAt(int x, int y, int period, int stripe) {
        return Math.floorMod(x + y, period) < stripe;
    }

    /** One tile, {@link #PERIOD} square, row by row, as 0xRRGGBB: {@code base} crossed by {@code stripe}. */
    public static int[] tile(Rgb base, Rgb stripe) {
        int[] rgb = new int[PERIOD * PERIOD];
        for (int y = 0; y < PERIOD; y++) {
            for (int x = 0; x < PERIOD; x++) {
                rgb[y * PERIOD + x] = (stripeAt(x, y, PERIOD, STRIPE) ? stripe : base).value();
            }
        }
        return rgb;
    }

    /** The unsure hatch's tile in {@code colours}. */
    public static int[] unsureTile(PictureColours colours) {
        return tile(colours.of(VtState.UNSURE), colours.unsureStripe());
    }
}
