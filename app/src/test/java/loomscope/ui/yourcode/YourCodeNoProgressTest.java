package loomscope.ui.yourcode;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.runs.RunTarget;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** A deadlock in your code, in the real window (issue 24): the line under the editor says so, with where; Stop ends it. */
@ExtendWith(ApplicationExtension.class)
class YourCodeNoProgressTest {
    @TempDir
    static Path dir;

    private MainViewModel model;

    @Start
    void start(Stage stage) {
        model = new MainViewModel(JobThreads.runStarters());
        MainWindow view = MainWindow.of(model, new RunOnCatalog(dir.resolve("jdks.txt"), JobThreads.jobs()));
        Scene scene = new Scene(view.view(), 1600, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aDeadlockIsSaidUnderTheEditorAndStopEndsIt() {
        fx(() -> {
            model.scenarioProperty().set(RunInputs.YOUR_CODE);
            model.threadsTextProperty().set("2");
            model.runOnProperty().set(new RunTarget.ThisJvm());
            model.yourCode().sourceProperty().set("""
                    public class Deadlock {
                        final Object a = new Object(), b = new Object();
                        final java.util.concurrent.CountDownLatch both = new java.util.concurrent.CountDownLatch(2);
                        public void run(int index) throws Exception {
                            Object first = index == 0 ? a : b, second = index == 0 ? b : a;
                            synchronized (first) {
                                both.countDown();
                                both.await();
                                synchronized (second) { }
                            }
                        }
                    }
                    """);
            model.run();
        });
        waitFor(120, "the note that the run makes no progress",
                () -> model.yourCode().runNoteProperty().get().startsWith("no progress for 5 s"));
        String note = onFx(() -> model.yourCode().runNoteProperty().get());
        assertTrue(note.contains("2 of 2 threads alive (2 BLOCKED): 2 at Deadlock.run(Deadlock.java:"), note);
        fx(() -> model.stop());
        waitFor(60, "the run to end", () -> !model.state().isActive());
        assertTrue(!onFx(() -> model.yourCode().runNoteProperty().get()).startsWith("no progress"),
                "the note is the run's end once it ended");
    }
}
