package loomscope.ui.yourcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.taskfile.TaskFileCompiler;
import org.junit.jupiter.api.Test;

/** Your code's marks, without a window: JFR's stacks taken back to the lines of the source, and dropped on an edit. */
class YourCodeTest {

    private static PinnedEvent pinned(String reason, StackFrame... frames) {
        return new PinnedEvent(0, 5_000_000, "loomscope-carrier-1", 0, reason, null, List.of(frames), 0);
    }

    private static StackFrame jdk(String method) {
        return new StackFrame("java.base", "java.lang.Thread", method, "Thread.java", 540);
    }

    /** As JFR gives it: no module, no file name. */
    private static StackFrame own(String cls, int line) {
        return new StackFrame(null, cls, "run", null, line);
    }

    @Test
    void namesTheRunAfterThePublicClassAsItIsTyped() {
        YourCode code = new YourCode();
        code.sourceProperty().set("// a comment\npublic class SleepInLock {\n  public void run(int i) {}\n}\n");
        assertEquals("SleepInLock", code.className());
        code.sourceProperty().set("class NotPublic {}");
        assertEquals("Task", code.className(), "no public class: the file is called Task.java and javac says what is wrong");
    }

    @Test
    void jfrStacksMarkTheTopmostLineOfYourOwnFile() {
        YourCode code = new YourCode();
        code.sourceProperty().set("public class Pins {\n}\n");
        code.starting();
        code.ended(null, List.of(
                pinned("Native or VM frame on stack", jdk("sleep"), own("Pins", 7), own("Pins", 3)),
                pinned("Native or VM frame on stack", jdk("sleep"), own("Pins$Helper", 12), own("Pins", 4)),
                pinned(null, jdk("sleep"), own("Pins", 7)),
                pinned("Monitor held", jdk("sleep"), new StackFrame(null, "Other", "run", "Other.java", 9))),
                List.of("[stdout] hello", "a JVM warning on stderr"));
        assertEquals("Printed (last lines):\nhello", code.outputProperty().get(), "stdout only");
        List<YourCode.PinnedLine> lines = code.pinnedLines();
        assertEquals(List.of(new YourCode.PinnedLine(7, 2, "Native or VM frame on stack"),
                new YourCode.PinnedLine(12, 1, "Native or VM frame on stack")), lines);
        assertTrue(code.runNoteProperty().get().startsWith("JFR: 4 pinned events"), code.runNoteProperty().get());
    }

    @Test
    void compileProblemsAreKeptUntilTheTextChanges() {
        YourCode code = new YourCode();
        code.sourceProperty().set("public class Broken {\n  int x = ;\n}\n");
        code.starting();
        code.compileFailed(List.of(new TaskFileCompiler.Problem(Path.of("Broken.java"), 2, 11, "illegal start of expression")));
        assertEquals(1, code.problems().size());
        assertTrue(code.runNoteProperty().get().contains("line 2: illegal start of expression"), code.runNoteProperty().get());
        code.sourceProperty().set("public class Broken {\n  int x = 1;\n}\n");
        assertTrue(code.problems().isEmpty(), "an edit moves lines under the marks: they go");
    }

    @Test
    void anEditDuringTheRunLeavesTheLinesUnmarked() {
        YourCode code = new YourCode();
        code.sourceProperty().set("public class Pins {\n}\n");
        code.starting();
        code.sourceProperty().set("// a line added while it ran\npublic class Pins {\n}\n");
        code.ended(null, List.of(pinned("Native or VM frame on stack", jdk("sleep"), own("Pins", 2))), List.of());
        assertTrue(code.pinnedLines().isEmpty(), "line 2 is another line now");
        assertTrue(code.runNoteProperty().get().contains("the text changed since the run began"), code.runNoteProperty().get());
    }

    @Test
    void noEventsSaysSo() {
        YourCode code = new YourCode();
        code.sourceProperty().set("public class Calm { }");
        code.starting();
        code.ended(null, List.of(), List.of());
        assertEquals("JFR: 0 pinned events.", code.runNoteProperty().get());
        assertTrue(code.pinnedLines().isEmpty());
        assertEquals(0, code.thrownLine());
    }
}
