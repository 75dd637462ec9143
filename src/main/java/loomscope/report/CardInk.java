package loomscope.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;

/** Draws text on a card in layout coordinates and remembers where each string landed in pixels. */
final class CardInk {

    enum Align { LEFT, RIGHT, CENTER }

    /** Fonts by family name: logical "SansSerif" maps to DejaVu Sans on Linux, present wherever AWT has fonts. */
    static final String FAMILY = Font.SANS_SERIF;

    private final Graphics2D g;
    private final double scale;
    private final List<DrawnText> drawn = new ArrayList<>();

    CardInk(Graphics2D g, double scale) {
        this.g = g;
        this.scale = scale;
    }

    static Font font(int style, double size) {
        return new Font(FAMILY, style, 1).deriveFont(style, (float) size);
    }

    /** Width the text would take in layout units. */
    double width(String text, Font font) {
        return new TextLayout(text, font, g.getFontRenderContext()).getAdvance();
    }

    /** The largest size up to {@code size} at which the text fits in {@code maxWidth}. */
    Font fit(String text, int style, double size, double maxWidth, double minSize) {
        Font font = font(style, size);
        double w = width(text, font);
        if (w <= maxWidth) {
            return font;
        }
        return font(style, Math.max(minSize, size * maxWidth / w));
    }

    /** The text, cut with an ellipsis if even at its smallest size it would overflow {@code maxWidth}. */
    String elide(String text, Font font, double maxWidth) {
        if (width(text, font) <= maxWidth) {
            return text;
        }
        int keep = text.length();
        while (keep > 1 && width(text.substring(0, keep).stripTrailing() + "…", font) > maxWidth) {
            keep--;
        }
        return text.substring(0, keep).stripTrailing() + "…";
    }

    /** {@link #fit} then {@link #elide}: the line at the largest size that fits, cut only as a last resort. */
    double fitted(String role, String text, int style, double size, double minSize, double maxWidth,
                  java.awt.Color color, double x, double y) {
        Font font = fit(text, style, size, maxWidth, minSize);
        return text(role, elide(text, font, maxWidth), font, color, x, y, Align.LEFT);
    }

    /** Draws at baseline {@code y}; returns the advance (layout units). */
    double text(String role, String text, Font font, Color color, double x, double y, Align align) {
        TextLayout layout = new TextLayout(text, font, g.getFontRenderContext());
        double advance = layout.getAdvance();
        double left = switch (align) {
            case LEFT -> x;
            case RIGHT -> x - advance;
            case CENTER -> x - advance / 2;
        };
        g.setColor(color);
        layout.draw(g, (float) left, (float) y);
        Rectangle2D ink = layout.getBounds();
        drawn.add(new DrawnText(role, text, new Rectangle(
                (int) Math.floor((left + ink.getX()) * scale), (int) Math.floor((y + ink.getY()) * scale),
                (int) Math.ceil(ink.getWidth() * scale), (int) Math.ceil(ink.getHeight() * scale)),
                font.getSize2D() * scale));
        return advance;
    }

    List<DrawnText> drawn() {
        return drawn;
    }
}
