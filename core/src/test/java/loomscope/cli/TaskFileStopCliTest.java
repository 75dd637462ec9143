package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import loomscope.testing.JfrRepositories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --task-file} of a class whose static initializer never returns, as a person sees it in a terminal
 * (issue 24): the JVM's version at once, then every 5 s a line saying the run makes no progress and where; SIGTERM
 * (as Ctrl+C) ends the CLI, its child JVM and whatever the child left (its JFR repository). A real CLI process: its
 * shutdown hooks are what is tested.
 */
class TaskFileStopCliTest {

    @TempDir
    Path dir;

    @Test
    void aStaticInitializerThatNeverReturnsIsReportedAndSigtermLeavesNothing() throws Exception {
        java.nio.file.attribute.FileTime started = JfrRepositories.testBegins();
        Path task = Files.writeString(dir.resolve("Forever.java"), """
                public class Forever {
                    static volatile long spins;
                    static { while (System.nanoTime() != 0) { spins++; } }
                    public void run(int index) { }
                }
                """);
        Path temp = Files.createDirectories(dir.resolve("temp"));
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                loomscope.testing.QuickJvm.C1_ONLY, "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED",
                "-Djava.io.tmpdir=" + temp, "-cp", System.getProperty("java.class.path"), LoomScopeCli.class.getName(),
                "run", "--task-file", task.toString(), "--threads", "2")
                .directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        long childPid = -1;
        try {
            waitFor(120, "the JVM's version", () -> read(out).contains("Running with Java version: "), cli);
            waitFor(120, "the no-progress line", () -> read(err).contains("no progress for 5 s"), cli);
            String said = read(err);
            assertTrue(said.contains("loomscope: no progress for 5 s: the run has not started, its classes are loading: "
                    + "1 of 1 threads alive (1 RUNNABLE): 1 in <clinit> of Forever at Forever.java:3 (Ctrl+C stops it)"), said);
            List<ProcessHandle> children = cli.children().toList();
            assertEquals(1, children.size(), "one child JVM: " + children);
            childPid = children.get(0).pid();
            cli.destroy();   // SIGTERM, as a terminal's Ctrl+C or a service manager stops it
            assertTrue(cli.waitFor(60, TimeUnit.SECONDS), "the CLI ended");
            ProcessHandle child = children.get(0);
            waitFor(30, "the child JVM to end", () -> !child.isAlive(), null);
        } finally {
            List<ProcessHandle> left = cli.descendants().toList();   // once the CLI is dead they cannot be found
            cli.destroyForcibly();
            left.forEach(ProcessHandle::destroyForcibly);
        }
        try (Stream<Path> left = Files.list(temp)) {
            List<String> names = left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("loomscope-child-")).toList();
            assertEquals(List.of(), names, "the child's folder of ours is gone");
        }
        for (Path tmp : List.of(temp, Path.of("/tmp"))) {
            assertEquals(List.of(), JfrRepositories.leftBy(childPid, tmp, started), "no JFR repository of the child left in " + tmp);
        }
    }

    @Test
    void aChildWhoseParentIsKilledOutrightEndsItselfAndLeavesNothing() throws Exception {
        java.nio.file.attribute.FileTime started = JfrRepositories.testBegins();
        Path task = Files.writeString(dir.resolve("Forever.java"), """
                public class Forever {
                    static volatile long spins;
                    static { while (System.nanoTime() != 0) { spins++; } }
                    public void run(int index) { }
                }
                """);
        Path temp = Files.createDirectories(dir.resolve("temp"));
        Path out = dir.resolve("out.txt");
        Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                loomscope.testing.QuickJvm.C1_ONLY, "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--enable-native-access=ALL-UNNAMED",
                "-Djava.io.tmpdir=" + temp, "-cp", System.getProperty("java.class.path"), LoomScopeCli.class.getName(),
                "run", "--task-file", task.toString(), "--threads", "2")
                .directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        List<ProcessHandle> children = List.of();
        try {
            waitFor(120, "the JVM's version", () -> read(out).contains("Running with Java version: "), cli);
            children = cli.children().toList();
            assertEquals(1, children.size(), "one child JVM: " + children);
            ProcessHandle child = children.get(0);
            cli.destroyForcibly();   // SIGKILL: no shutdown hook of the parent's runs
            assertTrue(cli.waitFor(60, TimeUnit.SECONDS), "the CLI ended");
            // its stdin closed, the child ends itself though its static initializer never returns
            waitFor(60, "the child JVM to end by itself", () -> !child.isAlive(), null);
        } finally {
            cli.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly);
        }
        try (Stream<Path> left = Files.list(temp)) {
            List<String> names = left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("loomscope-child-")).toList();
            assertEquals(List.of(), names, "the child removed the folder its parent made for it");
        }
        long childPid = children.get(0).pid();
        assertEquals(List.of(), JfrRepositories.leftBy(childPid, Path.of("/tmp"), started), "no JFR repository of the child left");
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static void waitFor(int seconds, String what, BooleanSupplier condition, Process mustLive) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            assertFalse(mustLive != null && !mustLive.isAlive(), "the CLI ended while waiting for " + what);
            Thread.sleep(100);
        }
    }
}
