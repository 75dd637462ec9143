package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.testing.Jdk21;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #17's {@code run --task-file}: three snippets (a sleep in synchronized, a Semaphore, a CompletableFuture.get
 * in synchronized) on this JDK and on JDK 21 in a child, with pins as the JDK decides them; compile errors and
 * exceptions from the task as a user sees them. The snippets are in test resources (loomscope/taskfile).
 */
class TaskFileCliTest {

    @TempDir
    Path dir;

    private Path snippet(String name) throws IOException {
        Path file = dir.resolve(name + ".java");
        if (Files.exists(file)) {
            return file;
        }
        try (InputStream in = TaskFileCliTest.class.getResourceAsStream("/loomscope/taskfile/" + name + ".java")) {
            Files.copy(in, file);
        }
        return file;
    }

    private static JsonNode run(Path file, String... more) throws IOException {
        return run(file, 0, more);
    }

    /** The run's JSON, its exit code checked. */
    private static JsonNode run(Path file, int exit, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", "--task-file", file.toString(), "--threads", "20", "--json"));
        args.addAll(List.of(more));
        CliInputTest.Result r = CliInputTest.cli(args.toArray(String[]::new));
        assertEquals(exit, r.exit(), r.err() + r.out());
        if (exit == PinGate.EXIT) {
            assertTrue(r.err().startsWith("loomscope: pinned at 1 site of the application's (--fail-on-pin):"), r.err());
            assertTrue(r.err().contains(file.getFileName().toString().replace(".java", ".")), r.err());
        }
        return new ObjectMapper().readTree(r.out());
    }

    @Test
    void snippetsPinOnJdk21WhereTheJdkSaysSo() throws IOException {
        Path jdk21 = Jdk21.find();
        for (String name : List.of("SleepInSynchronized", "SemaphoreWait", "FutureGetInLock")) {
            // with --fail-on-pin: 0 where the JDK saw no pin of the task's own, 3 (and the site) where it did
            JsonNode here = run(snippet(name), 0, "--fail-on-pin");
            System.out.printf("%s on this JDK: %s ms, %s pinned mounts%n", name, here.get("wallMillis"), here.get("pinnedMounts"));
            assertEquals(20, here.get("completed").asInt());
            assertEquals(0, here.get("tasksThrew").asInt());
            // pinned only where the JDK's witnesses say so: a block of a cold JVM (class loading, the JIT) is unsure, not
            // pinned; a class initialiser's wait would be a real pin of the JDK's own, so a little room stays
            assertTrue(here.get("causesClassified").asBoolean(), here.toString());
            assertTrue(here.get("pinnedMounts").asInt() <= 2, here.toString());
            if (jdk21 == null) {
                continue;
            }
            int expected = name.equals("SemaphoreWait") ? 0 : 20;
            JsonNode old = run(snippet(name), expected == 0 ? 0 : PinGate.EXIT, "--jdk", jdk21.toString(), "--fail-on-pin");
            assertEquals(0, old.get("tasksThrew").asInt());
            System.out.printf("%s on JDK 21: %s ms, %s pinned mounts%n", name, old.get("wallMillis"), old.get("pinnedMounts"));
            assertTrue(Math.abs(old.get("pinnedMounts").asInt() - expected) <= 2, name + " on JDK 21: " + old);
        }
    }

    @Test
    void failOnPinGoesWithATaskFileOnly() {
        CliInputTest.Result r = CliInputTest.cli("run", "--fail-on-pin");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("--fail-on-pin"), r.err());
    }

    @Test
    void aCompileErrorIsOneLinePerErrorAndExitTwo() throws IOException {
        Path broken = Files.writeString(dir.resolve("Broken.java"), "public class Broken {\n    public void run(int index) {\n        int x = ;\n    }\n}\n");
        CliInputTest.Result r = CliInputTest.cli("run", "--task-file", broken.toString());
        assertEquals(2, r.exit());
        assertEquals(broken + ":3:17: illegal start of expression", r.err().strip());
        assertEquals("", r.out());
    }

    @Test
    void exceptionsAreCountedAndTheFirstShownTheRunGoesOn() throws IOException {
        Path throwing = Files.writeString(dir.resolve("Throws.java"), """
                public class Throws {
                    public void run(int index) {
                        if (index % 4 == 0) {
                            throw new IllegalStateException("task " + index + " refuses");
                        }
                    }
                }
                """);
        CliInputTest.Result r = CliInputTest.cli("run", "--task-file", throwing.toString(), "--threads", "20", "--probes", "none");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("All 20 tasks completed."), r.out());
        assertTrue(r.out().contains("5 of 20 tasks threw; the first (thread "), r.out());
        assertTrue(r.out().contains("java.lang.IllegalStateException: task "), r.out());
        assertTrue(r.out().contains("(Throws.java:4)"), "the stack points into the task's source: " + r.out());
        assertTrue(!r.out().contains("TaskFileScenario"), "our frames are cut: " + r.out());
    }

    @Test
    void theTaskSeesNAndPAndItsPrintsAreShown() throws IOException {
        Path params = Files.writeString(dir.resolve("Params.java"), """
                public class Params {
                    public void run(int index) {
                        if (index == 0) {
                            System.out.println("N=" + Integer.getInteger("loomscope.threads")
                                    + " P=" + Integer.getInteger("loomscope.parallelism"));
                        }
                    }
                }
                """);
        CliInputTest.Result r = CliInputTest.cli("run", "--task-file", params.toString(), "--threads", "7",
                "--parallelism", "3", "--probes", "none");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("The task printed (last lines):\n    N=7 P=3".replace("\n", System.lineSeparator())), r.out());
    }

    @Test
    void optionsOfOtherScenariosAreRefused() throws IOException {
        CliInputTest.Result r = CliInputTest.cli("run", "--task-file", snippet("SemaphoreWait").toString(), "--lock", "none");
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("loomscope: --lock: does not go with --task-file"), r.err());
    }
}
