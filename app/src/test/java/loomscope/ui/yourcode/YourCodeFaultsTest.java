package loomscope.ui.yourcode;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


import java.nio.file.Path;

import javafx.stage.Stage;
import loomscope.runs.RunTarget;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Your code misbehaving, in the real window: what it throws is counted and its first stack shown with the line marked;
 * System.exit costs the child only; a flood of prints is cut to its last lines; a source over 1 MiB is refused. Each
 * leaves the window ready for the next run.
 */
@ExtendWith(ApplicationExtension.class)
class YourCodeFaultsTest {
    @TempDir
    Path tempDir;
    private MainViewModel model;
    private MainWindow view;

    @Start
    void start(Stage stage) throws Exception {
        model = new MainViewModel(JobThreads.runStarters());
        view = TestWindow.show(stage, model, tempDir);
    }

    private void runCode(String source, int threads) {
        int before = onFx(() -> model.history().size());
        fx(() -> {
            model.scenarioProperty().set(RunInputs.YOUR_CODE);
            model.threadsTextProperty().set(Integer.toString(threads));
            model.runOnProperty().set(new RunTarget.ThisJvm());
            model.yourCode().sourceProperty().set(source);
            model.run();
        });
        waitFor(60, "the run to end", () -> !model.state().isActive()
                && (model.history().size() > before || !model.errorMessageProperty().get().isEmpty()));
    }

    private void readyForTheNextRun() {
        runCode("public class Fine { public void run(int i) { } }", 4);
        assertEquals(RunState.FINISHED, onFx(() -> model.state()), model.errorMessageProperty().get());
        assertEquals(4, onFx(() -> model.lastSummaryProperty().get().completed()));
    }

    @Test
    void anExceptionIsCountedAndItsFirstStackShownAtItsLine() {
        runCode("""
                public class Throws {
                    public void run(int index) {
                        if (index % 2 == 0) throw new IllegalStateException("boom " + index);
                    }
                }
                """, 20);
        String thrown = onFx(() -> model.yourCode().thrownProperty().get());
        assertTrue(thrown.startsWith("10 of 20 threads threw; the first (thread "), thrown);
        assertTrue(thrown.contains("java.lang.IllegalStateException: boom"), thrown);
        assertTrue(thrown.contains("Throws.run(Throws.java:3)"), thrown);
        waitFor(30, "the line marked", () -> view.yourCodeView().marksShown().containsKey(3));
        assertEquals(Mark.Kind.THREW, onFx(() -> view.yourCodeView().marksShown().get(3).kind()));
        assertEquals(20, onFx(() -> model.lastSummaryProperty().get().completed()), "a throw ends its thread only");
        readyForTheNextRun();
    }

    @Test
    void aConstructorThatThrowsSaysWhereAndNothingRuns() {
        runCode("public class Ctor {\n public Ctor() { throw new IllegalStateException(\"no\"); }\n"
                + " public void run(int i) { }\n}\n", 4);
        String error = onFx(() -> model.errorMessageProperty().get());
        assertTrue(error.contains("your class's constructor threw java.lang.IllegalStateException: no"), error);
        assertTrue(error.contains("(Ctor.java:2)"), "where in your source: " + error);
        assertTrue(onFx(() -> model.yourCode().runNoteProperty().get()).startsWith("Not run: "),
                model.yourCode().runNoteProperty().get());
        assertEquals(0, (int) onFx(() -> model.history().size()), "nothing ran");
        readyForTheNextRun();
    }

    @Test
    void aStackOverflowEndsItsThreadOnly() {
        runCode("public class Deep { void r(int n) { r(n + 1); } public void run(int i) { r(0); } }", 4);
        assertEquals(4, onFx(() -> model.lastSummaryProperty().get().completed()), model.errorMessageProperty().get());
        assertTrue(onFx(() -> model.yourCode().thrownProperty().get()).contains("java.lang.StackOverflowError"));
    }

    @Test
    void systemExitCostsOnlyTheChild() {
        runCode("public class Quits { public void run(int i) { System.exit(3); } }", 4);
        String error = onFx(() -> model.errorMessageProperty().get());
        assertTrue(error.contains("exit code 3"), error);
        readyForTheNextRun();
    }

    @Test
    void aFloodOfPrintsIsCutToItsLastLines() {
        runCode("""
                public class Floods {
                    public void run(int index) {
                        for (int i = 0; i < 20_000; i++) System.out.println("line " + index + " " + i);
                    }
                }
                """, 20);
        assertEquals(20, onFx(() -> model.lastSummaryProperty().get().completed()), model.errorMessageProperty().get());
        String printed = onFx(() -> model.yourCode().outputProperty().get());
        assertTrue(printed.startsWith("Printed (last lines):"), printed);
        assertTrue(printed.lines().count() <= 9, "a header and the last 8 lines: " + printed.lines().count());
        assertTrue(printed.lines().skip(1).allMatch(l -> l.startsWith("line ")), printed);
        readyForTheNextRun();
    }

    @Test
    void aSourceOverOneMebibyteIsRefusedAndNothingRuns() {
        String huge = "public class Huge { public void run(int i) { } }\n" + "// padding\n".repeat(100_000);
        runCode(huge, 4);
        assertEquals(RunState.IDLE, onFx(() -> model.state()));
        assertEquals(0, (int) onFx(() -> model.history().size()));
        String error = onFx(() -> model.errorMessageProperty().get());
        assertTrue(error.contains("at most 1,048,576"), error);
        readyForTheNextRun();
    }
}
