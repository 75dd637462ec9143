package loomscope.ui.sweep;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.runs.RunTarget;
import loomscope.runs.RunTargets;
import loomscope.scenario.Scenarios;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The sweep chart draws one dot per recorded run, as they arrive (TestFX, Headless glass). */
@ExtendWith(ApplicationExtension.class)
class SweepChartTest {
    private SweepViewModel model;
    private SweepView view;

    @Start
    void start(Stage stage) {
        model = new SweepViewModel(Runnable::run, RunTargets::start);
        view = new SweepView(model, () -> Scenarios.config(Scenarios.byName("platform-vs-virtual"),
                Map.of("cpu-iterations", "100", "sleep-ms", "1"), null, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL),
                RunTarget.ThisJvm::new);
        Scene scene = new Scene(view, 1000, 600);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void everyRecordedRunIsADot() {
        assertEquals(0, (int) onFx(() -> view.chart().dotsDrawn()));
        fx(() -> ((javafx.scene.control.Button) view.lookup("#sweep-start")).fire());   // direct executor: the first run
        fx(() -> {
            // each pulse takes up one run and starts the next (within it, on the direct executor)
            for (int frame = 0; frame < 100 && model.runningProperty().get(); frame++) {
                model.pulse();
            }
        });
        assertEquals(10, model.results().size(), model.messageProperty().get());
        assertEquals(10, (int) onFx(() -> view.chart().dotsDrawn()));
        assertEquals("All 10 runs done.", onFx(() -> model.messageProperty().get()));
    }
}
