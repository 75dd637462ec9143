package loomscope.ui.theme;

import javafx.scene.paint.Color;
import loomscope.recording.VtState;

/**
 * The colours the canvases draw with, resolved from app.css once per theme change.
 *
 * @param states indexed by {@link VtState#ordinal()}
 */
public record Palette(Color[] states, Color laneBackground, Color idle, Color text, Color mutedText,
                      Color grid, Color poolAdded, Color background) {

    public Color of(VtState state) { return states[state.ordinal()]; }

    public Color running() { return of(VtState.RUNNING); }

    public Color pinned() { return of(VtState.PINNED); }

    /** Used before the first CSS pass (never drawn on a themed screen); same hues as the dark theme. */
    public static Palette fallback() {
        Color[] s = new Color[VtState.COUNT];
        s[VtState.NEW.ordinal()] = Color.web("#30363d");
        s[VtState.QUEUED.ordinal()] = Color.web("#8b949e");
        s[VtState.RUNNING.ordinal()] = Color.web("#3fb950");
        s[VtState.PINNED.ordinal()] = Color.web("#f85149");
        s[VtState.PARKED.ordinal()] = Color.web("#58a6ff");
        s[VtState.BLOCKED.ordinal()] = Color.web("#d29922");
        s[VtState.WAITING.ordinal()] = Color.web("#a371f7");
        s[VtState.DONE.ordinal()] = Color.web("#1b4721");
        s[VtState.STOPPED.ordinal()] = Color.web("#9e6a03");
        s[VtState.UNSURE.ordinal()] = Color.web("#ff701a");
        s[VtState.UNMOUNTED.ordinal()] = Color.web("#39c5cf");
        return new Palette(s, Color.web("#161b22"), Color.web("#21262d"), Color.web("#f0f6fc"),
                Color.web("#8b949e"), Color.web("#30363d"), Color.web("#d29922"), Color.web("#0d1117"));
    }
}
