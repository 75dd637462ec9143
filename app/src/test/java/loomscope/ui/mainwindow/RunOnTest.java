package loomscope.ui.mainwindow;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

import loomscope.ui.app.MainWindow;
import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkInspector;
import loomscope.jdks.JdkInstall;
import loomscope.runs.RunTarget;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.run.RunState;
import loomscope.ui.run.RunOnCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The main window's "Run on": a child JVM's run fills the lanes, clock and history like one in this JVM, and
 * names its JVM; "Run on" a JDK that cannot start (its folder vanished since discovery): the reason shows on the error line,
 * nothing enters the history, and the window runs again at once, here in this JVM.
 */
@ExtendWith(ApplicationExtension.class)
class RunOnTest {
    @TempDir
    Path tempDir;
    private MainViewModel model;
    private MainWindow view;

    @Start
    void start(Stage stage) throws Exception {
        model = new MainViewModel(JobThreads.runStarters());
        view = MainWindow.of(model, new RunOnCatalog(tempDir.resolve("jdks.txt"), JobThreads.jobs()));
        Scene scene = new Scene(view.view(), 1280, 720);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aJdkThatCannotStartShowsWhyAndLeavesTheWindowUsable(FxRobot robot) {
        JdkInstall gone = new JdkInstall(Path.of("/nonexistent/loomscope-jdk"), "21.0.8", 21, "nobody", "test");
        RunTarget target = RunTarget.ChildJvm.of(gone);
        fx(() -> {
            view.runOnCatalog().targets().add(target);
            model.runOnProperty().set(target);
            model.threadsTextProperty().set("200");
        });
        assertEquals(target, onFx(() -> view.runOnChooser().choice().getValue()), "the Run on box shows the choice");
        robot.clickOn("#run-button");
        waitFor(30, "the failure to reach the window", () -> model.state() == RunState.IDLE && !model.errorMessageProperty().get().isEmpty());
        String error = onFx(() -> robot.lookup("#error-message").queryAs(Label.class).getText());
        assertTrue(error.contains("/nonexistent/loomscope-jdk"), error);
        assertTrue(onFx(() -> model.messageProperty().get()).startsWith("Could not run"), model.messageProperty().get());
        assertEquals(0, (int) onFx(() -> model.history().size()));
        assertFalse(onFx(() -> robot.lookup("#run-button").query().isDisabled()));

        fx(() -> {
            model.runOnProperty().set(new RunTarget.ThisJvm());
            model.run();
        });
        waitFor(30, "a run in this JVM afterwards", () -> model.state() == RunState.FINISHED);
        assertEquals(1, (int) onFx(() -> model.history().size()));
        assertEquals(Runtime.version().toString(), onFx(() -> model.history().get(0).jdk()));
        assertTrue(onFx(() -> model.errorMessageProperty().get()).isEmpty(), model.errorMessageProperty().get());
    }

    @Test
    void theLegacyLockingPresetRunsInAChildAndTheHistorySaysSo() {
        JdkCheck check = new JdkInspector().inspect(Path.of(System.getProperty("java.home")), "test");
        RunTarget legacy = RunTarget.ChildJvm.legacyLocking(((JdkCheck.Accepted) check).jdk());
        fx(() -> {
            model.runOnProperty().set(legacy);
            model.threadsTextProperty().set("200");
            model.run();
        });
        AtomicInteger lanes = new AtomicInteger();
        waitFor(30, "the child's recording in the lanes while it runs", () -> {
            var r = model.recordingProperty().get();
            if (r == null || r.isFinished() || r.doneCount() < 10 || view.recordingView().recording() != r) {
                return false;
            }
            lanes.set(view.recordingView().lanes().laneCount());
            return model.state() == RunState.RUNNING && model.completedProperty().get() > 0 && model.elapsedSecondsProperty().get() > 0;
        });
        assertEquals(1, lanes.get(), "one carrier lane for P=1, drawn from the child's stream");
        waitFor(60, "the child run to finish", () -> model.state() == RunState.FINISHED);
        HistoryRow row = onFx(() -> model.history().get(0));
        assertEquals(Runtime.version().toString(), row.jdk());
        assertTrue(row.jvm().endsWith(" legacy"), row.jvm());
        assertEquals(200, row.summary().completed());
        assertTrue(row.pinnedMounts() >= 200, "legacy locking pins every synchronized sleep: " + row.pinnedMounts());
        assertTrue(onFx(() -> model.errorMessageProperty().get()).isEmpty(), model.errorMessageProperty().get());
    }
}
