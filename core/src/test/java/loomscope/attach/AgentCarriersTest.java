package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import loomscope.testing.Jdk21;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent leaves an application's carriers as they were. On JDK 21 a file read on a carrier of the JDK's class makes
 * its pool wake or add a carrier, whoever reads; the carriers' clocks read /proc around mounts, and an application at
 * P = 1 ran on 4 or 5 carriers while attached, its pinned threads no longer queued behind one (loomscope.clock's
 * CompensationGuard). The target counts its own carriers before and while the agent records it.
 */
class AgentCarriersTest {
    @TempDir
    Path scratch;

    @Test
    void onJdk21TheTargetKeepsItsOneCarrier() throws Exception {
        Path jdk21 = Jdk21.find();
        assumeTrue(jdk21 != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21");
        theTargetKeepsItsOneCarrier(jdk21);
    }

    @Test
    void onJdk25TheTargetKeepsItsOneCarrier() throws Exception {
        theTargetKeepsItsOneCarrier(Path.of(System.getProperty("java.home")));
    }

    private void theTargetKeepsItsOneCarrier(Path javaHome) throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(scratch.resolve("classes")), "OneCarrierTarget.java",
                "GoRounds.java");
        Process target = new ProcessBuilder(javaHome.resolve("bin/java").toString(), loomscope.testing.QuickJvm.C1_ONLY,
                "-Djdk.virtualThreadScheduler.parallelism=1", "-Xmx128m",
                "-cp", classes + File.pathSeparator + TargetJvm.classPathWithoutAgent(), OneCarrierTarget.class.getName())
                .redirectError(scratch.resolve("target.err").toFile()).start();
        try (Writer toTarget = new java.io.OutputStreamWriter(target.getOutputStream(), StandardCharsets.UTF_8)) {
            BufferedReader fromTarget = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("READY", fromTarget.readLine(), () -> stderr());
            assertEquals(1, carriersDuringARound(toTarget, fromTarget), "before the attach");

            AttachSession session = AttachSession.start(target.pid(), AgentJar.locate());
            int whileAttached = carriersDuringARound(toTarget, fromTarget);
            session.stop();
            session.close();

            AttachedEpisodes episodes = session.episodes();
            assertTrue(episodes.episodes().size() > 100, "the agent recorded " + episodes.episodes().size() + " episodes");
            assertEquals(1, whileAttached, "carriers while attached (the target's stderr: " + stderr() + ")");
            assertEquals(1, episodes.carriers().size(), "carriers the agent saw");
        } finally {
            target.destroy();
            assertTrue(target.waitFor(30, TimeUnit.SECONDS));
        }
    }

    private static int carriersDuringARound(Writer toTarget, BufferedReader fromTarget) throws Exception {
        toTarget.write("go\n");
        toTarget.flush();
        String line = fromTarget.readLine();
        assertNotNull(line, "the target ended");
        assertTrue(line.startsWith("CARRIERS "), line);
        return Integer.parseInt(line.substring("CARRIERS ".length()).strip());
    }

    private String stderr() {
        try {
            return Files.readString(scratch.resolve("target.err"));
        } catch (java.io.IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
