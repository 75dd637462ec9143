package loomscope.ui.controls;

import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import loomscope.recording.RunRecording;
import loomscope.scenario.Scenarios;
import loomscope.ui.code.ScenarioCode;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunState;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The scenario chooser through the real controls (TestFX, Headless glass): choose object-wait, see its own
 * parameter and its real source, fix a bad value, run it, and the lanes show that run.
 */
@ExtendWith(ApplicationExtension.class)
class ScenarioChooserTest {
    private MainViewModel model;
    private MainWindow view;

    @Start
    void start(Stage stage) {
        model = new MainViewModel(JobThreads.runStarters());
        view = MainWindow.of(model);
        Scene scene = new Scene(view.view(), 1000, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.sizeToScene();   // the stage is the one every test class of this JVM shows: its last size is not this one
        stage.show();
    }

    @Test
    void chooseObjectWaitFixItsParameterRunItAndTheLanesShowIt(FxRobot robot) {
        assertTrue(onFx(() -> robot.lookup("#lock-box").query().isVisible()), "the seed's lock mode at first");
        assertTrue(onFx(() -> view.codeView().sourceShown()).contains("synchronized (lock) {"), "the seed's code at first");

        robot.clickOn("#scenario-choice");
        robot.clickOn("object-wait");
        assertEquals("object-wait", onFx(() -> model.scenarioProperty().get().name()));
        // the lock mode's box is the seed's parameter's: it leaves the scene with the seed (it was only hidden)
        assertFalse(onFx(() -> robot.lookup("#lock-box").tryQuery().map(Node::isVisible).orElse(false)),
                "no lock mode: it is the seed's");
        assertTrue(onFx(() -> robot.lookup("#scenario-shows").queryAs(Label.class).getText()).startsWith("lock.wait(W)"));
        assertEquals("8", onFx(() -> robot.lookup("#threads-field").queryAs(TextField.class).getText()), "its own N");
        assertEquals(1, (int) onFx(() -> model.parallelismProperty().get()), "its own P");
        assertTrue(onFx(() -> robot.lookup("#param-cpu-iterations").tryQuery().isEmpty()), "no seed fields");

        // the code pane: the real source, exactly the block of ObjectWaitScenario.java the threads run
        String shown = onFx(() -> view.codeView().sourceShown());
        assertEquals(ScenarioCode.of(Scenarios.byName("object-wait"), LockMode.NONE).text(), shown);
        assertTrue(shown.contains("lock.wait((left + 999_999) / 1_000_000L);"), shown);
        assertTrue(onFx(() -> view.codeView().caption().getText()).startsWith("ObjectWaitScenario.java"));
        assertTrue(onFx(() -> view.codeView().focusedLine()).contains("lock.wait("), "the line where the threads block is marked");

        type(robot, "#param-wait-ms", "0");
        assertEquals("wait-ms must be 1..60,000, was 0.", onFx(() -> robot.lookup("#input-error").queryAs(Label.class).getText()));
        assertTrue(onFx(() -> robot.lookup("#run-button").query().isDisabled()), "Run waits for a fix");
        Node field = robot.lookup("#param-wait-ms").query();
        assertTrue(onFx(() -> field.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("danger"))),
                "the field is marked");
        type(robot, "#param-wait-ms", "20");
        type(robot, "#threads-field", "4");
        assertEquals("", onFx(() -> robot.lookup("#input-error").queryAs(Label.class).getText()));

        robot.clickOn("#run-button");
        waitFor(30, "the object-wait run to finish", () -> model.state() == RunState.FINISHED);
        RunRecording recording = onFx(() -> model.recordingProperty().get());
        assertEquals("object-wait", recording.config().scenario().name());
        assertEquals("20", recording.config().scenario().value("wait-ms"));
        waitFor(30, "the lanes to show the run", () -> view.recordingView().recording() == recording
                && view.recordingView().lanes().laneCount() >= 1);
        HistoryRow row = onFx(() -> model.history().get(0));
        assertEquals(4, row.summary().completed());
        assertEquals("object-wait", row.mode(), "the history names the scenario");
        // this JDK unmounts in Object.wait: were it to pin there, each of the 4 threads would, as on JDK 21. One mount of a
        // cold test JVM may pin for a reason of the JDK's own (a class initialiser's wait is a real pin): a fresh-clone CI
        // here saw 1 beside the other test JVMs. Where it was is printed.
        if (row.pinnedMounts() > 0) {
            System.out.println("ScenarioChooserTest: pinned at " + onFx(() -> loomscope.probe.SiteTable.of(recording)));
        }
        assertTrue(row.pinnedMounts() <= 1, "this JDK unmounts in Object.wait: " + row.pinnedMounts() + " pinned mounts");

        robot.clickOn("#scenario-choice");
        robot.clickOn("seed");
        assertTrue(onFx(() -> robot.lookup("#lock-box").query().isVisible()), "the lock mode is back with the seed");
        assertEquals("5000", onFx(() -> model.threadsTextProperty().get()));
        assertFalse(onFx(() -> view.codeView().sourceShown()).contains("lock.wait("));
    }

    private static void type(FxRobot robot, String field, String text) {
        robot.clickOn(field);
        robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
        robot.write(text);
    }

}
