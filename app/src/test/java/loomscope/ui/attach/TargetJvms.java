package loomscope.ui.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import loomscope.attach.SideBySide;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/** The attach window tests' target JVMs ({@link TargetSources}), each ended at the test's end by its stdin. */
final class TargetJvms {
    private final List<Process> started = new ArrayList<>();

    /** {@code mainClass} from {@code dir} on {@code java} with {@code flags}, its stderr appended to {@code err}, once READY. */
    Process start(Path dir, String java, List<String> flags, String mainClass, Path err) throws IOException {
        List<String> command = new ArrayList<>(List.of(java));
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
