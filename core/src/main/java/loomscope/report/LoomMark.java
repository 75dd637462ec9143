package loomscope.report;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.RoundRectangle2D;

/** The LoomScope mark: three carrier lanes of different lengths, woven from the card's own colours. */
final class LoomMark {
    private LoomMark() { }

    static void paint(Graphics2D g, CardPalette palette, double x, double y, double size) {
        double lane = size / 4.6;
        double gap = (size - 3 * lane) / 2;
        double[] lengths = {1.0, 0.62, 0.82};
        Color[] colours = {palette.accent(), palette.pinned(), palette.notPinned()};
        for (int i = 0; i < 3; i++) {
            g.setColor(colours[i]);
            g.fill(new RoundRectangle2D.Double(x, y + i * (lane + gap), size * lengths[i], lane, lane, lane));
        }
    }
}
