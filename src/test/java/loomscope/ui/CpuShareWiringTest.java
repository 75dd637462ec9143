package loomscope.ui;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.ui.cpu.CpuShare;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The window applies the CPU rule to the run going now, says so, and draws every pulse again afterwards. */
@ExtendWith(ApplicationExtension.class)
class CpuShareWiringTest {
    private MainViewModel model;

    @Start
    void start(Stage stage) {
        model = new MainViewModel();
        Scene scene = new Scene(new MainView(model), 1280, 720);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aRunAtEveryCoreLowersItsCarriersOnlyWhileItRuns() {
        int cores = Runtime.getRuntime().availableProcessors();
        int parallelism = Math.min(64, cores);
        fx(() -> {
            model.parallelismProperty().set(parallelism);
            model.threadsTextProperty().set("3000");
            model.run();
        });
        waitFor(20, "the run to start", () -> onFx(() -> model.state() == RunState.RUNNING || model.state() == RunState.FINISHED));
        assertEquals(CpuShare.YIELDING_CARRIERS, CpuShare.forRun(parallelism, cores));
        assertTrue(onFx(() -> model.cpuShareNote()).contains("lowest priority"), onFx(() -> model.cpuShareNote()));
        waitFor(30, "the run to finish", () -> onFx(() -> model.state() == RunState.FINISHED));
        assertEquals(CpuShare.FULL, onFx(() -> model.cpuShare()));
    }
}
