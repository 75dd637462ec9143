package loomscope.ui.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkInspector;
import loomscope.runs.RunTarget;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.ui.UiTestSupport;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.run.RunState;
import loomscope.ui.theme.AppTheme;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * #36: a pinned mount of your code, clicked in its lane, offers its line; the link puts the editor's caret on that
 * line and selects it. Your code runs with legacy locking in a child JVM, so a sleep in {@code synchronized} pins on
 * this JDK and JFR's pinned events carry the stack.
 */
@ExtendWith(ApplicationExtension.class)
class YourLineFromInspectorTest {
    private static final String SOURCE = """
            public class SleepInLock {
                public void run(int index) throws Exception {
                    Object lock = new Object(); synchronized (lock) { Thread.sleep(20); }
                }
            }
            """;

    @TempDir
    Path tempDir;
    private MainViewModel model;
    private MainWindow view;
    private ProbeView ui;

    @Start
    void start(Stage stage) {
        model = new MainViewModel(JobThreads.runStarters(), loomscope.host.HostPolicy.forThisMachine(loomscope.host.HostPolicy.Mode.OFF));
        view = MainWindow.of(model, new RunOnCatalog(tempDir.resolve("jdks.txt"), JobThreads.jobs()));
        ui = view.installProbes();
        Scene scene = new Scene(view.view(), 1600, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aPinnedMountsLinkShowsItsLineInTheEditor() throws Exception {
        JdkCheck check = new JdkInspector().inspect(Path.of(System.getProperty("java.home")), "test");
        RunTarget legacy = RunTarget.ChildJvm.legacyLocking(((JdkCheck.Accepted) check).jdk());
        onFx(() -> {
            model.scenarioProperty().set(RunInputs.YOUR_CODE);
            model.threadsTextProperty().set("10");
            model.parallelismProperty().set(1);
            model.yourCode().sourceProperty().set(SOURCE);
            model.runOnProperty().set(legacy);
            model.run();
            return null;
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> model.state() == RunState.FINISHED
                && !model.history().isEmpty() && view.recordingView().recording() != null));
        RunRecording shown = onFx(() -> view.recordingView().recording());
        LanesCanvas lanes = view.recordingView().lanes();
        CarrierLog lane0 = shown.carriers()[0];
        int[] pinned = {-1};
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> {
            for (int i = 0; i < lane0.size(); i++) {
                long mid = (lane0.start(i) + lane0.end(i)) / 2;
                if (lane0.pinned(i) && shown.whyOf(lane0.index(), i) != null && lanes.geometry() != null
                        && lanes.timeAt(lanes.geometry().x(mid)) >= 0) {
                    pinned[0] = i;
                    return true;
                }
            }
            return false;
        }));
        double x = onFx(() -> lanes.geometry().x((lane0.start(pinned[0]) + lane0.end(pinned[0])) / 2));
        ProbeViewTest.click(lanes, x, 5);
        assertTrue(onFx(() -> ui.inspectorPanel().stateText()).startsWith("Held: pinned"), onFx(() -> ui.inspectorPanel().stateText()));
        assertTrue(onFx(() -> ui.inspectorPanel().source().isVisible()), "a link to your line");
        assertEquals("Show line 3 of SleepInLock.java in the editor", onFx(() -> ui.inspectorPanel().source().getText()));

        CodeArea editor = view.yourCodeView().area();
        javafx.scene.control.ScrollPane side = onFx(() -> {
            javafx.scene.Parent p = editor.getParent();
            while (p != null && !(p instanceof javafx.scene.control.ScrollPane pane && pane.getContent() != null
                    && pane.getContent().lookup("#your-code-area") == editor)) {
                p = p.getParent();
            }
            return (javafx.scene.control.ScrollPane) p;
        });
        onFx(() -> {
            side.setVvalue(1);   // the side panel at its bottom: the history, the editor above out of view
            return null;
        });
        UiTestSupport.afterNextPulse(side.getScene());   // scrolled in the next layout pass
        assertTrue(!onFx(() -> inView(editor, side)), "the test starts with the editor out of view");
        onFx(() -> {
            ui.inspectorPanel().source().fire();
            return null;
        });
        UiTestSupport.afterNextPulse(side.getScene());   // the side panel scrolled in the next layout pass
        CodeArea area = view.yourCodeView().area();
        assertEquals(2, (int) onFx(area::getCurrentParagraph), "the caret is on line 3");
        assertTrue(onFx(area::getSelectedText).contains("synchronized (lock)"), onFx(area::getSelectedText));
        assertTrue(onFx(() -> inView(editor, side)), "the side panel scrolled the editor into view");

        // once the text is edited, its lines are no longer the run's: no link
        onFx(() -> {
            model.yourCode().sourceProperty().set(SOURCE.replace("public void run", "\n    public void run"));
            return null;
        });
        ProbeViewTest.click(lanes, x, 5);
        assertFalse(onFx(() -> ui.inspectorPanel().source().isVisible()), "an edited text's lines moved");
    }

    /** Whether some of {@code node} shows in {@code pane}'s viewport. */
    private static boolean inView(javafx.scene.Node node, javafx.scene.control.ScrollPane pane) {
        javafx.geometry.Bounds shown = node.localToScene(node.getBoundsInLocal());
        javafx.geometry.Bounds viewport = pane.localToScene(pane.getBoundsInLocal());
        return shown.getMinY() < viewport.getMaxY() - 20 && shown.getMaxY() > viewport.getMinY() + 20;
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }
}
