package loomscope.report;

import java.awt.Color;

import loomscope.recording.VtState;

/** The window's dark-theme colours, so that a clip looks like the lanes the audience saw live. */
final class ClipColours {
    private ClipColours() { }

    static final Color BACKGROUND = new Color(0x0D1117);
    static final Color LANE = new Color(0x161B22);
    static final Color IDLE = new Color(0x21262D);
    static final Color TEXT = new Color(0xF0F6FC);
    static final Color MUTED = new Color(0x8B949E);
    static final Color GRID = new Color(0x30363D);
    static final Color POOL = new Color(0xD29922);
    static final Color STOPPED = new Color(0xE3B341);

    private static final Color[] STATES = new Color[VtState.COUNT];

    static {
        STATES[VtState.NEW.ordinal()] = new Color(0x30363D);
        STATES[VtState.QUEUED.ordinal()] = new Color(0x8B949E);
        STATES[VtState.RUNNING.ordinal()] = new Color(0x3FB950);
        STATES[VtState.PINNED.ordinal()] = new Color(0xF85149);
        STATES[VtState.PARKED.ordinal()] = new Color(0x58A6FF);
        STATES[VtState.BLOCKED.ordinal()] = new Color(0xD29922);
        STATES[VtState.WAITING.ordinal()] = new Color(0xA371F7);
        STATES[VtState.DONE.ordinal()] = new Color(0x1B4721);
        STATES[VtState.STOPPED.ordinal()] = new Color(0x9E6A03);
    }

    static Color of(VtState state) {
        return STATES[state.ordinal()];
    }

    /** Every colour a frame is drawn with, before antialiasing blends them (the GIF palette starts with these). */
    static Color[] all() {
        Color[] fixed = {BACKGROUND, LANE, IDLE, TEXT, MUTED, GRID, POOL, STOPPED};
        Color[] out = new Color[fixed.length + STATES.length];
        System.arraycopy(fixed, 0, out, 0, fixed.length);
        System.arraycopy(STATES, 0, out, fixed.length, STATES.length);
        return out;
    }
}
