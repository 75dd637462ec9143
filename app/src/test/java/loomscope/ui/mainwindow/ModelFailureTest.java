package loomscope.ui.mainwindow;

import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.UnsupportedModeException;
import loomscope.ui.run.RunState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A mode this JVM cannot run (native-frame on JDK 21) is refused with the workload's own message on screen. */
@ExtendWith(ApplicationExtension.class)
class ModelFailureTest {
    private static final String WHY = "native-frame needs JDK 22+ (FFM upcalls); this JVM is 21";
    private MainViewModel model;

    @Start
    void start(Stage stage) {
        // the only stand-in in the UI tests: a starter that fails the way WorkloadRun.checkRunnable does on JDK 21
        model = new MainViewModel(JobThreads.runStarters(), config -> {
            throw new UnsupportedModeException(WHY);
        });
        Scene scene = new Scene(MainWindow.of(model).view(), 1280, 720);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void unsupportedModeShowsItsMessageAndTheWindowStaysUsable(FxRobot robot) {
        robot.clickOn("#run-button");
        waitFor(30, "the failure to reach the window", () -> model.state() == RunState.IDLE && !model.errorMessageProperty().get().isEmpty());
        assertEquals(WHY, onFx(() -> robot.lookup("#error-message").queryAs(Label.class).getText()));
        assertEquals(0, (int) onFx(() -> model.history().size()));
        assertEquals(false, onFx(() -> robot.lookup("#run-button").query().isDisabled()));
    }
}
