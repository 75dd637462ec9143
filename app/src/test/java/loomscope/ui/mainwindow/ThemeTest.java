package loomscope.ui.mainwindow;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Canvas colours come from app.css and follow the theme. */
@ExtendWith(ApplicationExtension.class)
class ThemeTest {
    private MainWindow view;
    private Scene scene;

    @Start
    void start(Stage stage) {
        view = MainWindow.of(new MainViewModel(JobThreads.runStarters()));
        scene = new Scene(view.view(), 1280, 720);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void backToDark() {
        fx(() -> AppTheme.DARK.applyTo(scene));
    }

    @Test
    void eachThemeHasItsOwnCanvasColoursFromAppCss() {
        Palette dark = onFx(() -> view.recordingView().palette());
        assertEquals(Color.web("#ff4d4d"), dark.pinned());
        fx(() -> AppTheme.LIGHT.applyTo(scene));
        Palette light = onFx(() -> view.recordingView().palette());
        assertEquals(Color.web("#cf222e"), light.pinned());
        assertEquals(Color.web("#ffffff"), light.background());
        fx(() -> AppTheme.HIGH_CONTRAST.applyTo(scene));
        Palette contrast = onFx(() -> view.recordingView().palette());
        assertEquals(Color.web("#000000"), contrast.background());
        assertNotEquals(dark.running(), contrast.running());
    }

    /**
     * What changes every frame of a run is drawn without shapes: on the software pipeline rounded corners and
     * borders are rasterised by Marlin, whose big rasteriser method then costs C2 about a second of CPU to
     * compile during a fresh window's first runs (measured with JFR's jdk.Compilation and method tracing).
     */
    @Test
    void theLegendsTheProgressBarAndTheGaugeAreSquareInEveryTheme() {
        for (AppTheme theme : AppTheme.values()) {
            List<String> rounded = onFx(() -> {
                theme.applyTo(scene);
                view.view().applyCss();
                List<String> found = new ArrayList<>();
                for (String selector : List.of(".legend-swatch-frame", ".legend-swatch", "#progress > .track", "#progress > .bar",
                        ".bounds-gauge .track")) {
                    Set<Node> nodes = view.view().lookupAll(selector);
                    if (nodes.isEmpty()) {
                        found.add(selector + " not found");
                    }
                    for (Node n : nodes) {
                        Region r = (Region) n;
                        if (r.getBorder() != null && !r.getBorder().isEmpty()) {
                            found.add(selector + " has a border");
                        }
                        if (r.getBackground() != null) {
                            for (BackgroundFill f : r.getBackground().getFills()) {
                                if (!f.getRadii().isUniform() || f.getRadii().getTopLeftHorizontalRadius() > 0) {
                                    found.add(selector + " has rounded corners");
                                }
                            }
                        }
                    }
                }
                return found;
            });
            assertTrue(rounded.isEmpty(), theme + ": " + rounded);
        }
    }
}
