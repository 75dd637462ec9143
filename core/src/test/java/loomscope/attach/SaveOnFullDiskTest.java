package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

/**
 * {@code save=FILE} on a disk that fills: the agent says so once, removes its temporary file, takes its hooks out,
 * and the application runs on and exits normally. The disk is a 128 kB tmpfs mounted in a mount namespace of the
 * target's own ({@code unshare --mount}), so nothing of it outlives the test, whatever happens.
 */
class SaveOnFullDiskTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskEndsTheRecordingNotTheApplication() throws Exception {
        Path unshare = Path.of("/usr/bin/unshare");
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(unshare),
                "needs root and unshare to mount a small disk of its own");
        Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), "TightHeapTarget.java");
        Path disk = Files.createDirectories(dir.resolve("disk"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String script = "mount -t tmpfs -o size=128k tmpfs '" + disk + "' || exit 97; '" + java + "' -javaagent:'"
                + AgentJar.locate() + "=save=" + disk.resolve("full.loomrun") + "' -Xmx64m -cp '" + classes
                + File.pathSeparator + TargetJvm.classPathWithoutAgent() + "' " + TightHeapTarget.class.getName()
                + "; rc=$?; echo \"left: $(ls -A '" + disk + "')\"; exit $rc";
        Path err = dir.resolve("target.err");
        Process shell = new ProcessBuilder(unshare.toString(), "--mount", "--propagation", "private", "sh", "-c", script)
                .redirectError(err.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(shell.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assumeTrue(first != null || !Files.readString(err).isEmpty(), "the namespace could not be made");
            assertEquals("READY", first, () -> read(err));
            Thread.sleep(3_000);   // the churn writes far more than 128 kB in this time
            shell.getOutputStream().close();
            assertTrue(shell.waitFor(60, TimeUnit.SECONDS), "the application ends");
            List<String> rest = out.lines().toList();
            String stderr = read(err);
            assertEquals(0, shell.exitValue(), stderr + rest);
            assertTrue(rest.stream().anyMatch(l -> l.startsWith("done ")), "the application finished its work: " + rest);
            assertTrue(rest.contains("left: "), "nothing left on the disk: " + rest);
            List<String> agentLines = stderr.lines().filter(l -> l.startsWith("loomscope-agent:")).toList();
            assertEquals(1, agentLines.size(), stderr);
            assertTrue(agentLines.get(0).startsWith("loomscope-agent: could not save ") && agentLines.get(0).endsWith("; nothing saved"),
                    agentLines.get(0));
            assertFalse(stderr.contains("Exception in thread"), stderr);
        } finally {
            shell.destroyForcibly();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }
}
