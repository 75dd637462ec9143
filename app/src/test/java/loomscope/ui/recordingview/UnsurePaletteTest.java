package loomscope.ui.recordingview;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import loomscope.recording.VtState;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.HatchPaint;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * In every theme, unsure is a hue of its own (not pinned red, running green or blocked amber) and its hatch differs
 * from it in lightness, which is what a red-green colour-blind viewer and a washed-out projector still see.
 */
@ExtendWith(ApplicationExtension.class)
class UnsurePaletteTest {
    private RecordingView view;
    private Scene scene;

    @Start
    void start(Stage stage) {
        view = new RecordingView();
        scene = new Scene(view, 400, 300);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void unsureStandsApartInEveryTheme() {
        for (AppTheme theme : AppTheme.values()) {
            fx(() -> theme.applyTo(scene));
            Palette p = onFx(view::palette);
            Color unsure = p.of(VtState.UNSURE);
            for (VtState other : new VtState[] {VtState.PINNED, VtState.RUNNING, VtState.BLOCKED}) {
                double hueApart = hueDistance(unsure, p.of(other));
                assertTrue(hueApart >= 15, theme + ": unsure " + unsure + " vs " + other + " " + p.of(other)
                        + " only " + hueApart + "° apart");
            }
            double contrast = contrast(unsure, HatchPaint.stripe(unsure));
            assertTrue(contrast >= 3, theme + ": the hatch's stripes contrast " + contrast + ":1 with unsure");
        }
    }

    private static double hueDistance(Color a, Color b) {
        double d = Math.abs(a.getHue() - b.getHue());
        return Math.min(d, 360 - d);
    }

    /** WCAG contrast ratio of two colours' relative luminance. */
    private static double contrast(Color a, Color b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(Color c) {
        return 0.2126 * linear(c.getRed()) + 0.7152 * linear(c.getGreen()) + 0.0722 * linear(c.getBlue());
    }

    private static double linear(double v) {
        return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
