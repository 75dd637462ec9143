package loomscope.report;

import java.awt.Color;
import java.awt.TexturePaint;
import java.awt.image.BufferedImage;

import loomscope.recording.VtState;

/**
 * The window's dark-theme colours (app.css), so that a clip looks like the lanes the audience saw live; a test in the
 * app holds every one equal to app.css (ExportColoursMatchTheWindowTest).
 */
final class ClipColours {
    private ClipColours() { }

    static final Color BACKGROUND = new Color(0x0D1117);
    static final Color LANE = new Color(0x161B22);
    static final Color IDLE = new Color(0x2D333B);
    static final Color TEXT = new Color(0xF0F6FC);
    static final Color MUTED = new Color(0x8B949E);
    static final Color GRID = new Color(0x30363D);
    static final Color POOL = new Color(0xE3B341);
    static final Color STOPPED = new Color(0xE3B341);

    private static final Color[] STATES = new Color[VtState.COUNT];

    static {
        STATES[VtState.NEW.ordinal()] = new Color(0x2A3038);
        STATES[VtState.QUEUED.ordinal()] = new Color(0x8B949E);
        STATES[VtState.RUNNING.ordinal()] = new Color(0x3FB950);
        STATES[VtState.PINNED.ordinal()] = new Color(0xFF4D4D);
        STATES[VtState.PARKED.ordinal()] = new Color(0x58A6FF);
        STATES[VtState.BLOCKED.ordinal()] = new Color(0xE3B341);
        STATES[VtState.WAITING.ordinal()] = new Color(0xBC8CFF);
        STATES[VtState.DONE.ordinal()] = new Color(0x24502D);
        STATES[VtState.STOPPED.ordinal()] = new Color(0x9E6A03);
        STATES[VtState.UNSURE.ordinal()] = new Color(0xFF701A);
        STATES[VtState.UNMOUNTED.ordinal()] = new Color(0x39C5CF);
    }

    /** Stripes across unsure: its colour with each channel at two fifths, as the window's hatch (ui.theme.HatchPaint). */
    static final Color UNSURE_STRIPE = darker(STATES[VtState.UNSURE.ordinal()]);

    /** Stripes every 12 layout pixels along x + y, 5 of them dark: the window's pattern (ui.theme.HatchPaint). */
    static final int HATCH_PERIOD = 12;
    static final int HATCH_STRIPE = 5;
    static final TexturePaint UNSURE_HATCH = hatch(STATES[VtState.UNSURE.ordinal()], UNSURE_STRIPE, HATCH_PERIOD, HATCH_STRIPE);

    private static Color darker(Color c) {
        return new Color(c.getRed() * 2 / 5, c.getGreen() * 2 / 5, c.getBlue() * 2 / 5);
    }

    private static TexturePaint hatch(Color base, Color stripe, int period, int dark) {
        BufferedImage tile = new BufferedImage(period, period, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < period; y++) {
            for (int x = 0; x < period; x++) {
                tile.setRGB(x, y, (x + y) % period < dark ? stripe.getRGB() : base.getRGB());
            }
        }
        return new TexturePaint(tile, new java.awt.geom.Rectangle2D.Double(0, 0, period, period));
    }

    static Color of(VtState state) {
        return STATES[state.ordinal()];
    }

    /** Every colour a frame is drawn with, before antialiasing blends them (the GIF palette starts with these). */
    static Color[] all() {
        Color[] fixed = {BACKGROUND, LANE, IDLE, TEXT, MUTED, GRID, POOL, STOPPED, UNSURE_STRIPE};
        Color[] out = new Color[fixed.length + STATES.length];
        System.arraycopy(fixed, 0, out, 0, fixed.length);
        System.arraycopy(STATES, 0, out, fixed.length, STATES.length);
        return out;
    }
}
