package loomscope.ui.theme;

import java.util.EnumMap;
import java.util.Map;

import javafx.scene.paint.Color;
import loomscope.picture.PictureColours;
import loomscope.picture.PictureTheme;
import loomscope.picture.Rgb;
import loomscope.recording.VtState;

/**
 * The one palette ({@link PictureColours}) in one theme as JavaFX colours, for the canvases: made once per theme and
 * looked up when the theme changes, never per frame.
 *
 * @param states indexed by {@link VtState#ordinal()}
 */
public record Palette(Color[] states, Color laneBackground, Color idle, Color text, Color mutedText,
                      Color grid, Color poolAdded, Color background) {

    private static final Map<PictureTheme, Palette> MADE = new EnumMap<>(PictureTheme.class);

    static {
        for (PictureTheme theme : PictureTheme.values()) {
            PictureColours p = PictureColours.of(theme);
            Color[] s = new Color[VtState.COUNT];
            for (VtState state : VtState.values()) {
                s[state.ordinal()] = fx(p.of(state));
            }
            MADE.put(theme, new Palette(s, fx(p.lane()), fx(p.idle()), fx(p.text()), fx(p.muted()), fx(p.grid()),
                    fx(p.poolAdded()), fx(p.canvas())));
        }
    }

    public static Palette of(PictureTheme theme) { return MADE.get(theme); }

    public static Color fx(Rgb rgb) { return Color.rgb(rgb.red(), rgb.green(), rgb.blue()); }

    public Color of(VtState state) { return states[state.ordinal()]; }

    public Color running() { return of(VtState.RUNNING); }

    public Color pinned() { return of(VtState.PINNED); }
}
