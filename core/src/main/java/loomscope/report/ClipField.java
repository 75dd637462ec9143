package loomscope.report;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

import loomscope.recording.VtState;

/**
 * The thread field of a clip frame: every thread a square cell in its state's colour, written straight into the
 * frame's pixels (a fillRect per cell would be 5,000 to a million calls a frame). When threads outnumber the
 * pixels, a dot stands for k threads in a row, in the state most of them are in, as in the window.
 */
final class ClipField {
    private final int x;
    private final int y;
    private final int width;
    private final int height;
    private int threads = -1;
    private int pitch;
    private int cell;
    private int columns;
    private int perDot;
    private final int[] tally = new int[VtState.COUNT];
    private final int[] colours = new int[VtState.COUNT];
    /** Unsure cells are hatched as in the window: stripes every {@code hatchPeriod} device pixels along x + y. */
    private final int hatchPeriod;
    private final int hatchStripe;
    private final int stripe = ClipColours.UNSURE_STRIPE.getRGB();

    /** The field's rectangle in device pixels; {@code scale}: device pixels per layout pixel. */
    ClipField(int x, int y, int width, int height, double scale) {
        this.hatchPeriod = Math.max(2, (int) Math.round(ClipColours.HATCH_PERIOD * scale));
        this.hatchStripe = Math.max(1, (int) Math.round(ClipColours.HATCH_STRIPE * scale));
        this.x = x;
        this.y = y;
        this.width = Math.max(1, width);
        this.height = Math.max(1, height);
        for (VtState s : VtState.values()) {
            colours[s.ordinal()] = ClipColours.of(s).getRGB();
        }
    }

    private void layout(int n) {
        threads = n;
        long area = (long) width * height;
        perDot = (int) Math.max(1, (n + area - 1) / area);
        int dots = (n + perDot - 1) / perDot;
        int p = (int) Math.max(1, Math.floor(Math.sqrt((double) area / Math.max(1, dots))));
        while (p > 1 && (long) (width / p) * (height / p) < dots) {
            p--;
        }
        pitch = Math.min(p, 40);
        cell = pitch >= 5 ? pitch - 1 : pitch;
        columns = Math.max(1, width / pitch);
    }

    /** Threads one dot stands for (after the last paint). */
    int perDot() { return perDot; }

    void paint(BufferedImage image, byte[] states, int n) {
        if (n != threads) {
            layout(n);
        }
        int[] pixels = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        int stride = image.getWidth();
        int dot = 0;
        for (int first = 0; first < n; first += perDot, dot++) {
            int state = mostCommon(states, first, Math.min(n, first + perDot));
            int colour = colours[state];
            boolean hatched = state == VtState.UNSURE.ordinal();
            int cx = x + (dot % columns) * pitch;
            int cy = y + (dot / columns) * pitch;
            for (int row = 0; row < cell && cy + row < y + height; row++) {
                int at = (cy + row) * stride + cx;
                for (int col = 0; col < cell; col++) {
                    pixels[at + col] = hatched && (cx + col + cy + row) % hatchPeriod < hatchStripe ? stripe : colour;
                }
            }
        }
    }

    private int mostCommon(byte[] states, int from, int to) {
        if (to - from == 1) {
            return states[from];
        }
        java.util.Arrays.fill(tally, 0);
        int best = states[from];
        for (int i = from; i < to; i++) {
            if (++tally[states[i]] > tally[best]) {
                best = states[i];
            }
        }
        return best;
    }
}
