package loomscope.ui.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.tools.ToolProvider;

import loomscope.attach.SideBySide;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.workload.jdk22.QsortUpcallSection;

/** The attach window tests' target JVMs ({@link TargetSources}), each ended at the test's end by its stdin. */
final class TargetJvms {
    private final List<Process> started = new ArrayList<>();

    /** {@code mainClass} from {@code dir} on {@code java} with {@code flags}, its stderr appended to {@code err}, once READY. */
    Process start(Path dir, String java, List<String> flags, String mainClass, Path err) throws IOException {
        List<String> command = new ArrayList<>(List.of(java, loomscope.testing.QuickJvm.C1_ONLY));
        command.addAll(flags);
        command.addAll(List.of("-Xmx64m", "-cp", dir.toString(), mainClass));
        return started(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(err.toFile())));
    }

    /** {@code command} (its stderr as {@code builder} says), once it says READY; ended at the test's end too. */
    Process started(ProcessBuilder builder) throws IOException {
        Process p = builder.start();
        started.add(p);
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("READY", out.readLine());
        return p;
    }

    /**
     * Issue #44's server ({@code loomscope.attach.BusyRoutesTarget serve}: a socket read that parks, a pinned sleep, a
     * pipe read, a request of each every 50 ms) on {@code javaHome} with {@code flags}, on two carriers, once READY;
     * compiled into {@code dir} for release 21 (the test classes are 25's), beside core's classes (the native frame's
     * helper).
     */
    Process busyRoutes(Path dir, Path javaHome, String... flags) throws IOException, URISyntaxException {
        Path classes = Files.createTempDirectory(dir, "target");
        String core = Path.of(QsortUpcallSection.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "21",
                "-proc:none", "-d", classes.toString(), "-cp", core,
                Path.of("..", "core", "src", "test", "java", "loomscope", "attach", "BusyRoutesTarget.java").toString()));
        List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), loomscope.testing.QuickJvm.C1_ONLY,
                "-Djdk.virtualThreadScheduler.parallelism=2", "-Djdk.virtualThreadScheduler.maxPoolSize=2"));
        command.addAll(List.of(flags));
        command.addAll(List.of("-Xmx128m", "-cp", classes + File.pathSeparator + core,
                "loomscope.attach.BusyRoutesTarget", "serve"));
        return started(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD));
    }

    /** Ends every target: its stdin's end ends it (a killed JVM leaves its JFR repository and attach socket behind). */
    void endAll() throws InterruptedException {
        for (Process p : started) {
            try {
                p.getOutputStream().close();
            } catch (IOException gone) {
                // it has ended already
            }
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    /** The mounts drawn in {@code jvm}'s lanes of a side-by-side recording. */
    static int mountsOf(RunRecording r, String jvm) {
        int n = 0;
        if (r != null) {
            for (CarrierLog log : r.carriers()) {
                n += jvm.equals(SideBySide.jvmOf(log.name())) ? log.size() : 0;
            }
        }
        return n;
    }
}
