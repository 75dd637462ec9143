package loomscope.taskfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task file compiles to a folder, or says what is wrong as {@code FILE:line:col: message}. */
class TaskFileCompilerTest {

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void aTaskThatKeepsTheContractCompilesToTheFolder() throws IOException {
        Path source = write("SleepInLock.java", """
                public class SleepInLock {
                    private final Object lock = new Object();
                    public void run(int index) throws Exception {
                        synchronized (lock) { Thread.sleep(5); }
                    }
                }
                """);
        var compiled = assertInstanceOf(TaskFileCompiler.Result.Compiled.class,
                TaskFileCompiler.compile(source, dir.resolve("classes"), 21));
        assertEquals("SleepInLock", compiled.className());
        assertTrue(Files.isRegularFile(dir.resolve("classes/SleepInLock.class")));
    }

    @Test
    void aSyntaxErrorNamesItsLineAndColumn() throws IOException {
        Path source = write("Broken.java", "public class Broken {\n    public void run(int index) {\n        int x = ;\n    }\n}\n");
        var failed = assertInstanceOf(TaskFileCompiler.Result.Failed.class,
                TaskFileCompiler.compile(source, dir.resolve("classes"), 25));
        TaskFileCompiler.Problem first = failed.problems().get(0);
        assertEquals(3, first.line());
        assertEquals(17, first.column());
        assertEquals(source + ":3:17: illegal start of expression", first.cliLine());
        assertTrue(Files.notExists(dir.resolve("classes/Broken.class")));
    }

    @Test
    void anApiNewerThanTheTargetJdkIsACompileError() throws IOException {
        // ScopedValue is final in 25, a preview API in 21
        Path source = write("Scoped.java", """
                public class Scoped {
                    static final ScopedValue<String> NAME = ScopedValue.newInstance();
                    public void run(int index) { }
                }
                """);
        assertInstanceOf(TaskFileCompiler.Result.Failed.class, TaskFileCompiler.compile(source, dir.resolve("c21"), 21));
        assertInstanceOf(TaskFileCompiler.Result.Compiled.class, TaskFileCompiler.compile(source, dir.resolve("c25"), 25));
    }

    @Test
    void theContractIsCheckedWithoutLoadingTheClass() throws IOException {
        assertProblem(write("NoRun.java", "public class NoRun { public void go(int i) { } }\n"),
                ":0:0: class NoRun needs public void run(int index) (not static): each virtual thread calls it");
        assertProblem(write("StaticRun.java", "public class StaticRun { public static void run(int i) { } }\n"),
                ":0:0: class StaticRun needs public void run(int index) (not static): each virtual thread calls it");
        assertProblem(write("NoCtor.java", "public class NoCtor { public NoCtor(int x) { } public void run(int i) { } }\n"),
                ":0:0: class NoCtor needs a public no-argument constructor");
        assertProblem(write("Hidden.java", "class Hidden { public void run(int i) { } }\n"),
                ":0:0: needs one top-level public class with a public no-argument constructor and public void run(int index) throws Exception");
    }

    @Test
    void badFilesAreRefusedBeforeCompiling() throws IOException {
        assertProblem(dir.resolve("Missing.java"), ":0:0: not a file");
        assertProblem(write("task.txt", "public class X { }"), ":0:0: must be a .java file");
        Path huge = dir.resolve("Huge.java");
        Files.write(huge, new byte[(int) TaskFileCompiler.MAX_SOURCE_BYTES + 1]);
        assertProblem(huge, ":0:0: is 1,048,577 bytes; a task file may have at most 1,048,576");
    }

    private void assertProblem(Path source, String suffix) {
        var failed = assertInstanceOf(TaskFileCompiler.Result.Failed.class,
                TaskFileCompiler.compile(source, dir.resolve("out"), 25));
        assertEquals(source + suffix, failed.problems().get(0).cliLine());
    }
}
