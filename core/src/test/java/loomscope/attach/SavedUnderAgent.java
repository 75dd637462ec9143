package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import loomscope.probe.CauseReport;

/**
 * A test application of this package run to its end under {@code -javaagent:…=save=} and read back classed: what the
 * causes tests check route by route (CausesUnderAgentTest, BusyRoutesUnderAgentTest).
 */
final class SavedUnderAgent {
    private SavedUnderAgent() { }

    /**
     * {@code mainClass}, compiled from {@code source} into {@code dir}, run on {@code javaHome} with {@code flags} and
     * {@code args} until it prints a line that starts with {@code done}; its saved run, classed.
     */
    static AgentRecordingFile.Read record(Path dir, Path javaHome, String source, Class<?> mainClass, List<String> flags,
                                          String... args) throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), source);
        Path saved = dir.resolve("saved.loomrun");
        Path err = dir.resolve("target.err");
        List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(),
                "-javaagent:" + AgentJar.locate() + "=save=" + saved));
        command.addAll(flags);
        command.addAll(List.of("-Xmx256m", "-cp", classes + File.pathSeparator + TargetJvm.classPathWithoutAgent(),
                mainClass.getName()));
        command.addAll(List.of(args));
        Process target = new ProcessBuilder(command).redirectError(err.toFile()).start();
        try {
            String out = new String(target.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(target.waitFor(120, TimeUnit.SECONDS), "the target ends");
            assertEquals(0, target.exitValue(), out + Files.readString(err));
            assertTrue(out.startsWith("done " + args[0]), out);
        } finally {
            target.destroyForcibly();
        }
        AgentRecordingFile.Read read = AgentRecordingFile.readClassified(saved);
        CauseReport causes = read.causes();
        System.out.println(javaHome + ": " + causes.line() + System.lineSeparator() + causes.sitesText(10));
        assertTrue(causes.classified(), causes.toString());
        return read;
    }
}
