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
    /** Text measures so far: what makes eliding slow, counted so a test can hold it to O(log n). */
    private int measures;

    CardInk(Graphics2D g, double scale) {
        this.g = g;
        this.scale = scale;
    }

    static Font font(int style, double size) {
        return new Font(FAMILY, style, 1).deriveFont(style, (float) size);
    }

    /** Width the text would take in layout units. */
    double width(String text, Font font) {
        measures++;
        return new TextLayout(text, font, g.getFontRenderContext()).getAdvance();
    }

    /** The largest size up to {@code size} at which the text fits in {@code maxWidth}. */
    Font fit(String text, int style, double size, double maxWidth, double minSize) {
        Font font = font(style, size);
        double w = width(text, font);
        if (w <= maxWidth) {
            return font;
        }
        // widths do not scale exactly with the size (hinting): shrink a little more until it really fits
        double fitted = Math.max(minSize, size * maxWidth / w);
        Font smaller = font(style, fitted);
        for (int tries = 0; tries < 4 && fitted > minSize && width(text, smaller) > maxWidth; tries++) {
            fitted = Math.max(minSize, fitted * 0.97);
            smaller = font(style, fitted);
        }
        return smaller;
    }

    /**
     * No line on a card holds more characters than this at the smallest text size (1,728 layout units at 28 px
     * take ~110 average characters): anything longer is cut before it is measured, since one measure of a
     * 100,000-character line costs milliseconds.
     */
    static final int MAX_DRAWN_CHARS = 400;

    /**
     * The text, cut with an ellipsis if even at its smallest size it would overflow {@code maxWidth}. The cut is
     * found by binary search over the kept length: O(log n) measures, not one per dropped character.
     */
    String elide(String text, Font font, double maxWidth) {
        boolean tooLong = text.length() > MAX_DRAWN_CHARS;
        if (!tooLong && width(text, font) <= maxWidth) {
            return text;
        }
        String bounded = tooLong ? prefix(text, MAX_DRAWN_CHARS) : text;
        // widths grow with the kept length (an ellipsis after more text is never narrower): the longest
        // prefix that fits is the boundary a binary search finds
        int fits = 1;
        int tooWide = bounded.length() + 1;
        while (tooWide - fits > 1) {
            int keep = (fits + tooWide) >>> 1;
            if (width(cut(bounded, keep), font) <= maxWidth) {
                fits = keep;
            } else {
                tooWide = keep;
            }
        }
        return cut(bounded, fits);
    }

    /** The first {@code keep} characters (never half a surrogate pair), trailing blanks dropped, then "…". */
    private static String cut(String text, int keep) {
        return prefix(text, keep).stripTrailing() + "…";
    }

    private static String prefix(String text, int keep) {
        int end = Math.min(keep, text.length());
        if (end > 1 && end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }

    /** The largest size up to {@code size} at which a line of at most {@link #MAX_DRAWN_CHARS} fits. */
    private Font fitBounded(String text, int style, double size, double maxWidth, double minSize) {
        return fit(text.length() <= MAX_DRAWN_CHARS ? text : cut(text, MAX_DRAWN_CHARS), style, size, maxWidth, minSize);
    }

    /** {@link #fit} then {@link #elide}: the line at the largest size that fits, cut only as a last resort. */
    double fitted(String role, String text, int style, double size, double minSize, double maxWidth,
                  Color color, double x, double y) {
        Font font = fitBounded(text, style, size, maxWidth, minSize);
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

    int measures() {
        return measures;
    }

    List<DrawnText> drawn() {
        return drawn;
    }
}
