package loomscope.picture;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

import loomscope.recording.VtState;

/**
 * The one palette: every drawn state's colour and the canvases' own (ground, lanes, text) in one theme. The window's
 * canvases, the timing card, the animated clip and the matrix slide all paint with these; app.css holds the same
 * values as looked-up colours for its chrome, and a test (AppCssMatchesThePictureTest) fails when one differs.
 *
 * @param states    indexed by {@link VtState#ordinal()}: every state a thread can be drawn in
 * @param canvas    the canvases' ground (app.css {@code -ls-canvas-bg})
 * @param lane      a lane's ground, a card's panel ({@code -ls-lane-bg})
 * @param idle      a carrier's box when it holds no thread
 * @param poolAdded a carrier the pool added during the run (its name in the lanes)
 * @param accent    the LoomScope mark's third strand (not a state)
 * @param warning   a note that the run was stopped; a matrix cell that disagrees with JFR (both matrices)
 */
public record PictureColours(PictureTheme theme, Rgb[] states, Rgb canvas, Rgb lane, Rgb idle, Rgb text, Rgb muted,
                             Rgb grid, Rgb poolAdded, Rgb accent, Rgb warning) {

    /** The unsure hatch: stripes every this many pixels along x + y, this many of them dark. */
    public static final int HATCH_PERIOD = 12;
    public static final int HATCH_STRIPE = 5;

    public PictureColours {
        states = states.clone();
        if (states.length != VtState.COUNT || Arrays.asList(states).contains(null)) {
            throw new IllegalArgumentException(theme + ": a colour for every drawn state");
        }
    }

    private static final Map<PictureTheme, PictureColours> THEMES = new EnumMap<>(PictureTheme.class);

    static {
        // the window's values (app.css) where the copies disagreed: the window is what the audience saw
        THEMES.put(PictureTheme.DARK, new PictureColours(PictureTheme.DARK, states(
                "#2a3038", "#8b949e", "#3fb950", "#ff4d4d", "#58a6ff", "#e3b341", "#bc8cff", "#24502d", "#9e6a03",
                "#ff701a", "#39c5cf", "#f778ba", "#e6edf3", "#7a8fc0"),
                Rgb.of("#0d1117"), Rgb.of("#161b22"), Rgb.of("#2d333b"), Rgb.of("#f0f6fc"), Rgb.of("#8b949e"),
                Rgb.of("#30363d"), Rgb.of("#e3b341"), Rgb.of("#58a6ff"), Rgb.of("#e3b341")));
        THEMES.put(PictureTheme.LIGHT, new PictureColours(PictureTheme.LIGHT, states(
                "#eaeef2", "#6e7781", "#1a7f37", "#cf222e", "#0969da", "#9a6700", "#8250df", "#aceebb", "#d4a72c",
                "#e36209", "#1b7c83", "#bf3989", "#424a53", "#4f6aa8"),
                Rgb.of("#ffffff"), Rgb.of("#f6f8fa"), Rgb.of("#d0d7de"), Rgb.of("#1f2328"), Rgb.of("#57606a"),
                Rgb.of("#d0d7de"), Rgb.of("#9a6700"), Rgb.of("#0969da"), Rgb.of("#9a6700")));
        THEMES.put(PictureTheme.HIGH_CONTRAST, new PictureColours(PictureTheme.HIGH_CONTRAST, states(
                "#202020", "#c0c0c0", "#00ff66", "#ff2020", "#33aaff", "#ffd400", "#ff66ff", "#006622", "#b36b00",
                "#ff8800", "#00e5ff", "#ff99cc", "#ffffff", "#8899ff"),
                Rgb.of("#000000"), Rgb.of("#000000"), Rgb.of("#303030"), Rgb.of("#ffffff"), Rgb.of("#e0e0e0"),
                Rgb.of("#606060"), Rgb.of("#ffd400"), Rgb.of("#33aaff"), Rgb.of("#ffd400")));
    }

    /** In {@link VtState} order: new, queued, running, pinned, parked, blocked, waiting, done, stopped, unsure, unmounted, captured, stalled, held. */
    private static Rgb[] states(String... hex) {
        Rgb[] out = new Rgb[hex.length];
        for (int i = 0; i < hex.length; i++) {
            out[i] = Rgb.of(hex[i]);
        }
        return out;
    }

    public static PictureColours of(PictureTheme theme) {
        return THEMES.get(theme);
    }

    public Rgb of(VtState state) { return states[state.ordinal()]; }

    /** The name app.css gives {@code state}'s looked-up colour, after {@code -ls-}: {@code pinned}, {@code unmounted}. */
    public static String cssName(VtState state) { return state.name().toLowerCase(java.util.Locale.ROOT); }

    @Override
    public Rgb[] states() { return states.clone(); }

    /**
     * The unsure hatch's stripes: its colour with each channel at two fifths (at least 3:1 in contrast with it in every
     * theme), so that unsure differs from pinned by more than hue (a colour-blind viewer, a washed-out projector).
     */
    public Rgb unsureStripe() { return of(VtState.UNSURE).scaled(2, 5); }

    @Override
    public boolean equals(Object o) {
        return o instanceof PictureColours p && p.theme == theme;
    }

    @Override
    public int hashCode() { return theme.hashCode(); }

    @Override
    public String toString() { return "PictureColours[" + theme + "]"; }
}
