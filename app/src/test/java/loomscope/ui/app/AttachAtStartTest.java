package loomscope.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import loomscope.attach.AgentJar;
import loomscope.ui.attach.TargetSources;

/**
 * The window's {@code --attach PID --exit-after-run}, in a real window process: it attaches at start, the target's
 * exit ends the session, the window prints the session's line with the frames it drew meanwhile and exits 0.
 */
class AttachAtStartTest {

    @Test
    void theWindowAttachesAtStartAndClosesWhenTheTargetExits(@TempDir Path dir) throws Exception {
        Process target = startTarget(dir);
        try {
            Path out = dir.resolve("window.out");
            Process window = startWindow(target.pid(), out, true);
            // the window's own word that the hooks are in; a window that ends first fails here, never hangs
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!Files.readString(out).contains("attach: Attached to " + target.pid())) {
                assertTrue(window.isAlive(), "the window ended before attaching: " + Files.readString(out));
                assertTrue(System.nanoTime() < deadline, "not attached within 180 s: " + Files.readString(out));
                Thread.sleep(100);
            }
            Thread.sleep(2_000);
            target.getOutputStream().close();   // the target's stdin ends: it exits, and with it the session
            assertTrue(window.waitFor(180, TimeUnit.SECONDS), "the window did not close: " + Files.readString(out));
            String printed = Files.readString(out);
            assertEquals(0, window.exitValue(), printed);
            // JavaFX's Headless glass throws this when a window reaches past its screen (1000 x 1000) on any side
            assertFalse(printed.contains("IndexOutOfBoundsException"), "a window off the screen: " + printed);
            assertTrue(printed.lines().anyMatch(l -> l.startsWith("attach: Attached to " + target.pid() + " (VtTarget)")),
                    printed);
            String attachLine = printed.lines().filter(l -> l.startsWith("attach: The ")).findFirst().orElse("");
            assertTrue(attachLine.startsWith("attach: The target exited. "), printed);
            assertTrue(attachLine.matches(".* [1-9][0-9,]* mounts of [1-9][0-9,]* virtual threads on [12] carriers\\..*"), attachLine);
            assertTrue(attachLine.matches(".*Frames while attached: p95 [0-9.]+ ms, [0-9]+ over 20 ms, .*\\([1-9][0-9]* frames\\).*"),
                    attachLine);
        } finally {
            target.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aPidThatIsNoJvmEndsTheLaunchWithOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Process sleep = new ProcessBuilder("sleep", "120").start();
        try {
            Path out = dir.resolve("window.out");
            Process window = startWindow(sleep.pid(), out, false);
            assertTrue(window.waitFor(120, TimeUnit.SECONDS));
            String printed = Files.readString(out).strip();
            assertEquals(2, window.exitValue(), printed);
            assertEquals(1, printed.lines().count(), printed);
            assertTrue(printed.startsWith("loomscope: --attach: pid " + sleep.pid() + " (sleep"), printed);
            assertTrue(sleep.isAlive(), "the process named is left alone");
        } finally {
            sleep.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** The window attaching at start; {@code opens}: it is expected to open a window, not to be refused before one. */
    private static Process startWindow(long pid, Path out, boolean opens) throws Exception {
        List<String> flags = List.of("-Dglass.platform=Headless", "-Dprism.order=sw",
                "-D" + AgentJar.PROPERTY + "=" + System.getProperty(AgentJar.PROPERTY));
        List<String> options = List.of("--attach=" + pid, "--exit-after-run", "--no-warmup");
        List<String> cmd = opens ? WindowProcess.quietCommand(flags, options) : WindowProcess.command(flags, options);
        return new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    /** Virtual threads that sleep in a loop on 2 carriers until the target's stdin ends; then it exits. */
    private static Process startTarget(Path dir) throws Exception {
        TargetSources.compile(dir);
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                loomscope.testing.QuickJvm.C1_ONLY, "-Djdk.virtualThreadScheduler.parallelism=2", "-Xmx64m", "-cp", dir.toString(), "VtTarget").start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("READY", out.readLine());
        return p;
    }
}
