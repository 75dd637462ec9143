package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * A stream cut before the agent's end line: an exit only when the target is gone. A drain thread starved of CPU on a
 * 64-carrier target missed the agent's time to finish, and the CLI said the target had ended while it ran on.
 */
class AttachSessionEndingTest {

    @Test
    void aCutStreamFromATargetThatRunsIsNotAnExit() throws Exception {
        Process runs = new ProcessBuilder("sleep", "60").start();
        try (AttachSession session = cutStreamOf(runs.pid())) {
            assertFalse(session.targetExited());
            assertTrue(session.cutWhileTargetRuns());
        } finally {
            runs.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aCutStreamFromATargetThatEndsJustAfterIsAnExit() throws Exception {
        // the agent cuts the stream in the target's shutdown hook when its time to finish runs out; the JVM ends after
        Process ending = new ProcessBuilder("sleep", "0.5").start();
        try (AttachSession session = cutStreamOf(ending.pid())) {
            assertTrue(session.targetExited());
            assertFalse(session.cutWhileTargetRuns());
        }
    }

    @Test
    void aCutStreamFromATargetThatIsGoneIsAnExit() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor(30, TimeUnit.SECONDS);
        try (AttachSession session = cutStreamOf(gone.pid())) {
            assertTrue(session.targetExited());
            assertFalse(session.cutWhileTargetRuns());
        }
    }

    /** What an agent in {@code pid} sends before its connection ends, with no end line. */
    private static AttachSession cutStreamOf(long pid) throws Exception {
        try (AttachSession.Waiting waiting = AttachSession.listen(Path.of("loomscope-agent.jar"))) {
            Matcher flag = Pattern.compile("port=(\\d+),token=([0-9a-f]+)").matcher(waiting.javaagentFlag());
            assertTrue(flag.find(), waiting.javaagentFlag());
            Thread agent = Thread.ofPlatform().start(() -> {
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(flag.group(1)))) {
                    OutputStream out = s.getOutputStream();
                    out.write((flag.group(2) + "\nLOOMSCOPE-AGENT 1 25.0.3+9-LTS\nO 1000\nI " + pid + " Target\n"
                            + "C 3 10 ForkJoinPool-1-worker-1\nV 0 66 one\nM 3 0 100 200 0 0\n").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    Thread.sleep(300);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            AttachSession session = waiting.awaitAgent(30_000);
            assertNotNull(session);
            agent.join(30_000);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (session.ending() == null && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertInstanceOf(AgentStreamReader.Ending.Cut.class, session.ending());
            return session;
        }
    }
}
