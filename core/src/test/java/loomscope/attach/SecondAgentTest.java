package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM that carries the agent already ({@code -javaagent:…=save=} or {@code =listen=}) and is then attached to: the
 * attach goes through the agent that is there. Before, the second load's launcher reached the boot loader's copies of
 * the agent's package-private classes and failed ({@code IllegalAccessError … ConnectionEnd} on the target's stderr),
 * and LoomScope waited 10-30 s to say "why is not known here".
 */
class SecondAgentTest {
    private static final long AT_ONCE_MILLIS = 10_000;

    @TempDir
    Path dir;

    @Test
    void aJvmThatSavesIsRefusedAtOnceInOneLineSayingWhereItsRecordingGoes() throws Exception {
        Path saved = dir.resolve("quiet.loomrun");
        Target target = Target.start(dir, "save=" + saved);
        try {
            long started = System.nanoTime();
            AttachRefusedException refused = assertThrows(AttachRefusedException.class,
                    () -> AttachSession.start(target.process.pid(), AgentJar.locate(), Duration.ofSeconds(30)),
                    () -> "attached; the target's stderr: " + target.stderr());
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            String why = refused.getMessage();
            assertEquals(1, why.lines().count(), why);
            assertTrue(why.contains("the agent refused: this JVM's agent records it into " + saved
                    + " from its start to its exit (save=)"), why);
            assertTrue(millis < AT_ONCE_MILLIS, "refused in " + millis + " ms");

            AttachRefusedException listen = assertThrows(AttachRefusedException.class, () -> ListeningAgent.loadInto(
                    target.process.pid(), AgentJar.locate(), HostPort.parse("127.0.0.1:0", true),
                    Duration.ofSeconds(30), true));
            assertTrue(listen.getMessage().contains("records it into " + saved), listen.getMessage());

            target.endsWell();
            assertTrue(Files.isRegularFile(saved), "its own recording is saved at its exit: " + target.stderr());
            assertFalse(target.stderr().contains("Error"), target.stderr());
        } finally {
            target.process.destroyForcibly();
        }
    }

    @Test
    void aListeningJvmIsAttachedToThroughItsAgent() throws Exception {
        Target target = Target.start(dir, "listen=127.0.0.1:0");
        try {
            for (int round = 1; round <= 2; round++) {
                long started = System.nanoTime();
                try (AttachSession session = AttachSession.start(target.process.pid(), AgentJar.locate(),
                        Duration.ofSeconds(30))) {
                    assertTrue(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) < AT_ONCE_MILLIS);
                    assertEquals(null, session.bootPathNote(), "its -javaagent put the jar on its boot path already");
                    session.stop();
                    assertTrue(session.detached(), "round " + round + ": " + session.ending() + "; " + target.stderr());
                }
            }
            target.endsWell();
            String stderr = target.stderr();
            assertFalse(stderr.contains("IllegalAccessError") || stderr.contains("not started"), stderr);
            // its token went to its own output (no tokenfile=): said once, with the safer way
            assertEquals(1, stderr.lines().filter(l -> l.startsWith("loomscope-agent: warning: the token above went to "
                    + "this application's output") && l.contains("tokenfile=FILE (chmod 600)")).count(), stderr);
        } finally {
            target.process.destroyForcibly();
        }
    }

    /** {@link QuietTarget} with the agent on its command line, in the attach list. */
    private record Target(Process process, Path err) {
        static Target start(Path dir, String agentOptions) throws Exception {
            Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), "QuietTarget.java");
            Path err = Files.createTempFile(dir, "target", ".err");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    loomscope.testing.QuickJvm.C1_ONLY, "-javaagent:" + AgentJar.locate() + "=" + agentOptions,
                    "-cp", classes + File.pathSeparator + TargetJvm.classPathWithoutAgent(), QuietTarget.class.getName())
                    .redirectError(err.toFile()).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("READY", out.readLine(), () -> "started: " + read(err));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (JvmList.list().stream().noneMatch(j -> j.pid() == p.pid())) {
                assertTrue(System.nanoTime() < deadline, "never in the attach list");
                Thread.sleep(50);
            }
            return new Target(p, err);
        }

        void endsWell() throws Exception {
            process.getOutputStream().close();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "ends when its input closes");
            assertEquals(0, process.exitValue(), stderr());
        }

        String stderr() {
            return read(err);
        }

        private static String read(Path file) {
            try {
                return Files.readString(file);
            } catch (IOException e) {
                return e.toString();
            }
        }
    }
}
