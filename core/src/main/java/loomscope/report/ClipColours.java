package loomscope.report;

import java.awt.Color;
import java.awt.Paint;
import java.awt.TexturePaint;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;

import loomscope.picture.Hatch;
import loomscope.picture.Look;
import loomscope.picture.PictureColours;
import loomscope.picture.PictureTheme;
import loomscope.picture.Rgb;
import loomscope.recording.VtState;

/**
 * The one palette ({@link PictureColours}) in one theme as Java2D colours, for a clip's frames: made once per export,
 * so that a clip looks like the lanes the audience saw in the window's theme.
 */
final class ClipColours {
    final PictureTheme theme;
    final Color background;
    final Color lane;
    final Color idle;
    final Color text;
    final Color muted;
    final Color grid;
    final Color pool;
    final Color stopped;
    final Color unsureStripe;
    /** Stripes across unsure, as the window's hatch: the one {@link Hatch} tile, anchored at the frame's origin. */
    final TexturePaint unsureHatch;
    /** How each {@link Look} is painted, by its ordinal: its colour, the hatch for unsure. */
    private final Paint[] looks = new Paint[Look.COUNT];
    private final Color[] states = new Color[VtState.COUNT];

    private ClipColours(PictureTheme theme) {
        PictureColours p = PictureColours.of(theme);
        this.theme = theme;
        this.background = awt(p.canvas());
        this.lane = awt(p.lane());
        this.idle = awt(p.idle());
        this.text = awt(p.text());
        this.muted = awt(p.muted());
        this.grid = awt(p.grid());
        this.pool = awt(p.poolAdded());
        this.stopped = awt(p.warning());
        for (VtState s : VtState.values()) {
            states[s.ordinal()] = awt(p.of(s));
        }
        this.unsureStripe = awt(p.unsureStripe());
        this.unsureHatch = hatch(Hatch.unsureTile(p));
        for (Look look : Look.values()) {
            looks[look.ordinal()] = look.hatched() ? unsureHatch : awt(look.colour(p));
        }
    }

    static ClipColours of(PictureTheme theme) {
        return new ClipColours(theme);
    }

    static Color awt(Rgb rgb) {
        return new Color(rgb.value());
    }

    private static TexturePaint hatch(int[] tile) {
        BufferedImage image = new BufferedImage(Hatch.PERIOD, Hatch.PERIOD, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, Hatch.PERIOD, Hatch.PERIOD, tile, 0, Hatch.PERIOD);
        return new TexturePaint(image, new Rectangle2D.Double(0, 0, Hatch.PERIOD, Hatch.PERIOD));
    }

    /** How {@code look} is painted: a box's idle, a state's colour, the unsure hatch. */
    Paint of(Look look) {
        return looks[look.ordinal()];
    }

    Color of(VtState state) {
        return states[state.ordinal()];
    }

    /** Every colour a frame is drawn with, before antialiasing blends them (the GIF palette starts with these). */
    Color[] all() {
        Color[] fixed = {background, lane, idle, text, muted, grid, pool, stopped, unsureStripe};
        Color[] out = new Color[fixed.length + states.length];
        System.arraycopy(fixed, 0, out, 0, fixed.length);
        System.arraycopy(states, 0, out, fixed.length, states.length);
        return out;
    }
}
