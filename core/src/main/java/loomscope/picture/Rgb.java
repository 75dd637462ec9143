package loomscope.picture;

import java.util.Locale;

/**
 * An opaque colour as 8-bit channels, {@code 0xRRGGBB}: a plain value, so that the core (no JavaFX, no AWT in the
 * model) can name colours and each toolkit makes its own from them.
 */
public record Rgb(int value) {
    public Rgb {
        if ((value & ~0xFFFFFF) != 0) {
            throw new IllegalArgumentException("not a 24-bit colour: " + Integer.toHexString(value));
        }
    }

    /** From {@code "#rrggbb"}. */
    public static Rgb of(String hex) {
        if (hex.length() != 7 || hex.charAt(0) != '#') {
            throw new IllegalArgumentException("not #rrggbb: " + hex);
        }
        return new Rgb(Integer.parseInt(hex.substring(1), 16));
    }

    public int red() { return value >> 16 & 0xFF; }

    public int green() { return value >> 8 & 0xFF; }

    public int blue() { return value & 0xFF; }

    /** Each channel at {@code num / den} of itself, rounded down (the unsure hatch's stripes: two fifths). */
    public Rgb scaled(int num, int den) {
        return new Rgb(red() * num / den << 16 | green() * num / den << 8 | blue() * num / den);
    }

    /** {@code "#rrggbb"}, as app.css writes it. */
    public String hex() {
        return String.format(Locale.ROOT, "#%06x", value);
    }

    @Override
    public String toString() { return hex(); }
}
