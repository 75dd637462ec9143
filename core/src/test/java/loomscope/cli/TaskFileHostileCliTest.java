package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Task files written to hurt (issue 24): a throwable that cannot describe itself, prints and messages full of terminal
 * escape sequences. What the CLI prints of them is what a person's terminal receives.
 */
class TaskFileHostileCliTest {

    @TempDir
    Path dir;

    @Test
    void aThrowWhoseToStringThrowsEndsItsThreadOnly() throws IOException {
        Path task = Files.writeString(dir.resolve("BadToString.java"), """
                public class BadToString {
                    static class Odd extends RuntimeException {
                        @Override public String toString() { throw new IllegalStateException("no words"); }
                    }
                    public void run(int index) { throw new Odd(); }
                }
                """);
        CliInputTest.Result r = CliInputTest.cli("run", "--task-file", task.toString(), "--threads", "4", "--probes", "none");
        assertEquals(0, r.exit(), r.err() + r.out());
        assertTrue(r.out().contains("All 4 tasks completed."), r.out());
        assertTrue(r.out().contains("4 of 4 tasks threw; the first (thread "), r.out());
        assertTrue(r.out().contains("BadToString$Odd (its toString() threw java.lang.IllegalStateException)"), r.out());
        assertTrue(r.out().contains("(BadToString.java:5)"), "the stack still points into the source: " + r.out());
    }

    @Test
    void escapeSequencesFromATaskAreShownNotSent() throws IOException {
        Path task = Files.writeString(dir.resolve("Escapes.java"), """
                public class Escapes {
                    public void run(int index) {
                        if (index == 0) {
                            System.out.println("\\u001b]0;retitled\\u0007\\u001b[31mred\\rback");
                            throw new IllegalStateException("\\u001b[2Jcleared");
                        }
                    }
                }
                """);
        CliInputTest.Result r = CliInputTest.cli("run", "--task-file", task.toString(), "--threads", "4", "--probes", "none");
        assertEquals(0, r.exit(), r.err() + r.out());
        String all = r.out() + r.err();
        // (the child's stdout encoding is the platform's: C1 controls are checked in ForeignTextTest)
        for (char c : new char[] {0x1b, 0x07, '\r'}) {
            assertFalse(all.replace(System.lineSeparator(), "\n").indexOf(c) >= 0,
                    String.format("U+%04X reached the terminal: %s", (int) c, all));
        }
        assertTrue(r.out().contains("    ?]0;retitled??[31mred?back"), r.out());
        assertTrue(r.out().contains("java.lang.IllegalStateException: ?[2Jcleared"), r.out());
    }

    @Test
    void aTaskFileThatIsNoFileIsRefusedForTheOptionInOneLine() throws IOException, InterruptedException {
        Path folder = Files.createDirectory(dir.resolve("Folder.java"));
        Path fifo = dir.resolve("Fifo.java");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        String[][] cases = {
                {"", "loomscope: --task-file: the path is empty"},
                {dir.resolve("Missing.java").toString(), "loomscope: --task-file: no such file: " + dir.resolve("Missing.java")},
                {folder.toString(), "loomscope: --task-file: " + folder + " is a folder, not a file"},
                {fifo.toString(), "loomscope: --task-file: " + fifo + " is not a regular file (a pipe, a device or a socket)"},
        };
        for (String[] c : cases) {
            CliInputTest.Result r = CliInputTest.cli("run", "--task-file=" + c[0]);
            assertEquals(2, r.exit(), c[0] + ": " + r.err());
            assertEquals(c[1], r.err().strip(), c[0]);
            assertEquals("", r.out(), c[0]);
        }
    }
}
