package loomscope.ui.theme;

import java.util.Locale;

import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import loomscope.recording.VtState;

/**
 * A legend's colour square with a thin frame, drawn as two square backgrounds. Why not a CSS border or
 * rounded corners: on the software pipeline those are rasterised as shapes (Marlin) whenever the legend's
 * counts change — every frame of a run — and Marlin's big rasteriser method then takes C2 about a second of
 * CPU to compile during a fresh window's first runs. Square backgrounds are filled as plain rectangles.
 */
public final class LegendSwatch {
    private LegendSwatch() { }

    /** The style class that paints a node in a state's colour ({@code ls-swatch-pinned}: app.css, held to the picture). */
    public static String stateStyleClass(VtState state) {
        return "ls-swatch-" + state.name().toLowerCase(Locale.ROOT);
    }

    /** A framed swatch filled with the colour of {@code swatchClass} (one of the {@code ls-swatch-*} classes). */
    public static StackPane of(String swatchClass) {
        Region fill = new Region();
        fill.getStyleClass().addAll("legend-swatch", swatchClass);
        StackPane frame = new StackPane(fill);
        frame.getStyleClass().add("legend-swatch-frame");
        return frame;
    }
}
