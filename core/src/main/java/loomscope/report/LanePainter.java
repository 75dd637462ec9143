package loomscope.report;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.geom.AffineTransform;

import loomscope.picture.LaneLooks;
import loomscope.picture.Look;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;

/**
 * A carrier's lane and box in a card or a clip frame, painted as the window paints them: each device pixel column in
 * the {@link Look} that {@link LaneLooks} decides, in the look's paint ({@link ClipColours#of(Look)}) and height. Paints
 * in device pixels (the frame's scale set aside), so that a look one column wide is one whole pixel, never a blend.
 * Remembers which looks it painted, for the legend. Reused per export: allocates only when a lane gets wider.
 */
final class LanePainter {
    private final ClipColours colours;
    private final LaneLooks looks = new LaneLooks();
    private byte[] columns = new byte[0];
    private int painted;

    LanePainter(ClipColours colours) {
        this.colours = colours;
    }

    /** {@code log}'s carrier over {@code axis}, drawn up to {@code upTo}, into {@code lane} (device pixels). */
    void trail(Graphics2D g, RunRecording r, CarrierLog log, TimeAxis axis, long upTo, Rectangle lane) {
        int n = Math.max(1, lane.width);
        if (columns.length < n) {
            columns = new byte[n];
        }
        looks.columns(r, log, axis.start(), axis.end(), upTo, n, columns);
        AffineTransform layout = g.getTransform();
        g.setTransform(new AffineTransform());
        try {
            int runFrom = 0;
            for (int c = 1; c <= n; c++) {
                if (c == n || columns[c] != columns[runFrom]) {
                    Look look = Look.of(columns[runFrom]);
                    if (look != Look.IDLE) {
                        fill(g, look, lane.x + runFrom, lane.y, c - runFrom, lane.height);
                        painted |= 1 << look.ordinal();
                    }
                    runFrom = c;
                }
            }
        } finally {
            g.setTransform(layout);
        }
    }

    /** A carrier's box at t in {@code look}, filling {@code box} (device pixels). */
    void box(Graphics2D g, Look look, Rectangle box) {
        AffineTransform layout = g.getTransform();
        g.setTransform(new AffineTransform());
        try {
            g.setPaint(colours.of(look));
            g.fillRect(box.x, box.y, box.width, Math.max(1, box.height));
        } finally {
            g.setTransform(layout);
        }
        painted |= 1 << look.ordinal();
    }

    private void fill(Graphics2D g, Look look, int x, int y, int width, int height) {
        g.setPaint(colours.of(look));
        int top = (int) Math.round(look.top(height));
        g.fillRect(x, y + top, width, (int) Math.max(1, Math.round(look.height(height))));
    }

    /** Whether a trail or box since this painter was made showed {@code look}. */
    boolean painted(Look look) {
        return (painted & 1 << look.ordinal()) != 0;
    }
}
