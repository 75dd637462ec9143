package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import loomscope.testing.Jdk21;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application with {@code -Xmx32m} that churns virtual threads survives ten attach-and-detach rounds and a
 * {@code save=} run from its start to its exit. Before the agent's memory was bounded by a share of the target's heap,
 * its table of thread ids alone grew to 13 MB in 4 s and the application died of {@code OutOfMemoryError}.
 */
class MemoryTightTargetTest {
    private static final int ROUNDS = 10;
    private static final long RECORD_MILLIS = 300;

    @TempDir
    Path dir;

    @Test
    void survivesTenAttachAndDetachRounds() throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), "TightHeapTarget.java");
        Path err = dir.resolve("target.err");
        Process target = start(classes, err);
        try {
            for (int round = 1; round <= ROUNDS; round++) {
                try (AttachSession session = AttachSession.start(target.pid(), AgentJar.locate())) {
                    Thread.sleep(RECORD_MILLIS);
                    session.stop();
                    assertTrue(session.detached() || session.cutWhileTargetRuns(),
                            "round " + round + ": " + session.ending() + "; target stderr: " + Files.readString(err));
                    assertTrue(session.episodes().episodeCount() > 0, "round " + round + " recorded mounts");
                }
                assertTrue(target.isAlive(), "round " + round + ": the target lives; stderr: " + Files.readString(err));
            }
            assertEndsWell(target, err);
        } finally {
            target.destroyForcibly();
        }
    }

    @Test
    void survivesASaveRunFromItsStartToItsExit() throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), "TightHeapTarget.java");
        Path err = dir.resolve("target.err");
        Path saved = dir.resolve("tight.loomrun");
        Process target = start(classes, err, "-javaagent:" + AgentJar.locate() + "=save=" + saved);
        try {
            Thread.sleep(5 * RECORD_MILLIS);
            assertEndsWell(target, err);
            assertTrue(Files.isRegularFile(saved), "saved; stderr: " + Files.readString(err));
            assertTrue(Files.readString(err).contains("loomscope-agent: saved " + saved), Files.readString(err));
        } finally {
            target.destroyForcibly();
        }
    }

    /**
     * Tens of thousands of virtual threads a second in a third of a 32 MB heap, attached for 6 s with JFR, on JDK 25
     * and on JDK 21: the application lives, throws nothing, and ends as it would have. Measured before the fix
     * (docs/attach.md, "What it costs the target"): the session took 10 MB of its heap (the rings kept finished threads,
     * the ordered JFR stream a second of events, the JFR lines' queue kilobytes a line), 6 MB after.
     */
    @Test
    void aChurningTightApplicationSurvivesSixSecondsWithJfrOnBothJdks() throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), "ChurningTarget.java");
        List<Path> javas = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"))));
        if (Jdk21.find() != null) {
            javas.add(Jdk21.find());
        }
        // both JDKs' targets at once (what is asserted is each one's own heap and life, not its timing): their starts
        // and their 6 s overlap
        List<FutureTask<Void>> attaches = new ArrayList<>();
        for (Path java : javas) {
            FutureTask<Void> attach = new FutureTask<>(() -> {
                attachedSixSeconds(java, classes);
                return null;
            });
            Thread.ofPlatform().name("attach-" + java.getFileName()).start(attach);
            attaches.add(attach);
        }
        for (FutureTask<Void> attach : attaches) {
            try {
                attach.get(300, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e;
            }
        }
    }

    private void attachedSixSeconds(Path java, Path classes) throws Exception {
        Path err = Files.createTempFile(dir, "churning", ".err");
        Process target = start(java, ChurningTarget.class.getName(), classes, err);
        try {
            try (AttachSession session = AttachSession.start(target.pid(), AgentJar.locate(),
                    AttachSession.DEFAULT_DEADLINE, true)) {
                Thread.sleep(6_000);
                session.stop();
                assertTrue(session.detached() || session.cutWhileTargetRuns(),
                        java + ": " + session.ending() + "; target stderr: " + Files.readString(err));
                assertTrue(session.episodes().episodeCount() > 10_000, java + ": recorded "
                        + session.episodes().episodeCount());
            }
            assertTrue(target.isAlive(), java + ": the target lives; stderr: " + Files.readString(err));
            assertEndsWell(target, err);
        } finally {
            target.destroyForcibly();
        }
    }

    private static void assertEndsWell(Process target, Path err) throws Exception {
        target.getOutputStream().close();
        assertTrue(target.waitFor(60, TimeUnit.SECONDS), "the target ends when its input closes");
        String stderr = Files.readString(err);
        assertEquals(0, target.exitValue(), stderr);
        assertFalse(stderr.contains("OutOfMemoryError"), stderr);
        String out = new String(target.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(out.contains("done "), out);
    }

    private static Process start(Path classes, Path err, String... flags) throws IOException {
        return start(Path.of(System.getProperty("java.home")), TightHeapTarget.class.getName(), classes, err, flags);
    }

    private static Process start(Path java, String mainClass, Path classes, Path err, String... flags)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(java.resolve("bin").resolve("java").toString());
        command.addAll(List.of(flags));
        command.addAll(List.of("-Xmx32m", "-cp", classes + File.pathSeparator + TargetJvm.classPathWithoutAgent(),
                mainClass));
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        assertEquals("READY", first, () -> "the target churns; stderr: " + read(err));
        return p;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
