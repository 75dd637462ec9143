package loomscope.ui.theme;

import java.util.LinkedHashMap;
import java.util.Map;

import javafx.scene.layout.Background;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import loomscope.recording.VtState;

/**
 * Reads the canvas colours out of app.css: an invisible pane of swatches whose background is a looked-up
 * colour. Canvas drawing has no CSS, so this is how one stylesheet themes both nodes and canvases.
 * Put it anywhere in the scene graph; {@link #resolve()} is cheap but meant for theme changes only.
 */
public final class PaletteProbe extends Pane {
    private final Map<String, Region> swatches = new LinkedHashMap<>();

    public PaletteProbe() {
        setManaged(false);
        setVisible(false);
        setMouseTransparent(true);
        for (VtState s : VtState.values()) {
            add(stateStyleClass(s));
        }
        for (String key : new String[] {"lane-bg", "idle", "text", "muted", "grid", "pool-added", "canvas-bg"}) {
            add("ls-swatch-" + key);
        }
    }

    /** The style class that paints a node in a state's colour (legends use it too, so they always match). */
    public static String stateStyleClass(VtState state) {
        return "ls-swatch-" + state.name().toLowerCase(java.util.Locale.ROOT);
    }

    private void add(String styleClass) {
        Region r = new Region();
        r.getStyleClass().add(styleClass);
        swatches.put(styleClass, r);
        getChildren().add(r);
    }

    public Palette resolve() {
        applyCss();
        Palette fb = Palette.fallback();
        Color[] states = new Color[VtState.COUNT];
        for (VtState s : VtState.values()) {
            states[s.ordinal()] = read(stateStyleClass(s), fb.of(s));
        }
        return new Palette(states, read("ls-swatch-lane-bg", fb.laneBackground()), read("ls-swatch-idle", fb.idle()),
                read("ls-swatch-text", fb.text()), read("ls-swatch-muted", fb.mutedText()),
                read("ls-swatch-grid", fb.grid()), read("ls-swatch-pool-added", fb.poolAdded()),
                read("ls-swatch-canvas-bg", fb.background()));
    }

    private Color read(String styleClass, Color fallback) {
        Background bg = swatches.get(styleClass).getBackground();
        if (bg == null || bg.getFills().isEmpty()) {
            return fallback;
        }
        Paint p = bg.getFills().get(0).getFill();
        return p instanceof Color c ? c : fallback;
    }
}
