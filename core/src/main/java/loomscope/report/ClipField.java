package loomscope.report;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

import loomscope.picture.Hatch;
import loomscope.picture.PictureColours;
import loomscope.recording.FieldLayout;
import loomscope.recording.VtState;

/**
 * The thread field of a clip frame: every thread a square cell in its state's colour, written straight into the
 * frame's pixels (a fillRect per cell would be 5,000 to a million calls a frame). The cells are where
 * {@link FieldLayout} puts them, as in the window: when threads outnumber the pixels, a dot stands for k threads in
 * a row, in the state most of them are in.
 */
final class ClipField {
    private final int x;
    private final int y;
    private final int height;
    private final FieldLayout layout;
    private final int[] tally = new int[VtState.COUNT];
    private final int[] colours = new int[VtState.COUNT];
    /** Unsure cells are hatched as in the window: stripes every {@code hatchPeriod} device pixels along x + y. */
    private final int hatchPeriod;
    private final int hatchStripe;
    private final int stripe;

    /**
     * The field of {@code threads} in a rectangle in device pixels; {@code scale}: device pixels per layout pixel.
     * Laid out once, here: a clip's recording is finished, and the first frame's heading already says how many
     * threads a dot is.
     */
    ClipField(ClipColours palette, int threads, int x, int y, int width, int height, double scale) {
        this.hatchPeriod = Math.max(2, (int) Math.round(PictureColours.HATCH_PERIOD * scale));
        this.hatchStripe = Math.max(1, (int) Math.round(PictureColours.HATCH_STRIPE * scale));
        this.stripe = palette.unsureStripe.getRGB();
        this.x = x;
        this.y = y;
        this.height = Math.max(1, height);
        this.layout = FieldLayout.fit(threads, width, height, scale);
        for (VtState s : VtState.values()) {
            colours[s.ordinal()] = palette.of(s).getRGB();
        }
    }

    /** Threads one dot stands for. */
    int perDot() { return layout.perDot(); }

    /** Where each thread's cell is, relative to {@link #x()}, {@link #y()}. */
    FieldLayout layout() { return layout; }

    /** The field's left edge in the frame, in device pixels. */
    int x() { return x; }

    /** The field's top edge in the frame, in device pixels. */
    int y() { return y; }

    /** {@code states}: every thread's state by ordinal, as many as the field was laid out for. */
    void paint(BufferedImage image, byte[] states) {
        int[] pixels = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        int stride = image.getWidth();
        int cell = layout.cell();
        for (int dot = 0, dots = layout.dots(); dot < dots; dot++) {
            int state = layout.dotState(states, dot, tally);
            int colour = colours[state];
            boolean hatched = state == VtState.UNSURE.ordinal();
            int cx = x + layout.cellX(dot);
            int cy = y + layout.cellY(dot);
            for (int row = 0; row < cell && cy + row < y + height; row++) {
                int at = (cy + row) * stride + cx;
                for (int col = 0; col < cell; col++) {
                    pixels[at + col] = hatched && Hatch.stripeAt(cx + col, cy + row, hatchPeriod, hatchStripe) ? stripe : colour;
                }
            }
        }
    }
}
