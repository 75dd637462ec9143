package loomscope.ui;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import javafx.scene.Scene;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
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
    private MainView view;
    private Scene scene;

    @Start
    void start(Stage stage) {
        view = new MainView(new MainViewModel());
        scene = new Scene(view, 1280, 720);
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
}
