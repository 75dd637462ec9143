package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import loomscope.report.StuckEncoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export --animate=mp4} with an encoder that fails or never reads, through {@code LOOMSCOPE_FFMPEG}, in a
 * CLI process of its own: SIGTERM ends it and the encoder with its children, and neither a stopped nor a failed
 * clip leaves the {@code --out} folder it made.
 */
class AnimateStopTest {

    @TempDir
    Path dir;

    private Process cli(Path encoder, Path out, Path log) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), LoomScopeCli.class.getName(),
                "export", "--animate=mp4", "--size", "1280x720", "--threads", "10", "--cpu-iterations", "0",
                "--sleep-ms", "0", "--out", out.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("LOOMSCOPE_FFMPEG", encoder.toString());
        return pb.start();
    }

    @Test
    void sigtermStopsAStuckEncoderAndItsChildAndLeavesNoFolder() throws Exception {
        Path encoder = StuckEncoder.in(dir);
        Path out = dir.resolve("new").resolve("clips");
        Process p = cli(encoder, out, dir.resolve("log.txt"));
        try {
            ProcessHandle child = StuckEncoder.child(dir);
            assertTrue(child != null && child.isAlive(), "the export reached the encoder: " + log());
            List<ProcessHandle> encoders = p.descendants().toList();
            assertFalse(encoders.isEmpty());
            p.destroy();   // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the CLI ended on SIGTERM: " + log());
            assertTrue(StuckEncoder.endsWithin(child, Duration.ofSeconds(10)),
                    "the encoder's child was not orphaned");
            for (ProcessHandle e : encoders) {
                assertTrue(StuckEncoder.endsWithin(e, Duration.ofSeconds(10)), "encoder " + e.pid());
            }
            assertFalse(Files.exists(dir.resolve("new")), "the --out folders it made are gone: " + log());
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    @Test
    void aFailedEncoderLeavesNoFolderOfOursAndKeepsTheUsers() throws Exception {
        Path encoder = dir.resolve("failing-encoder.sh");
        Files.writeString(encoder, "#!/bin/sh\necho 'no such codec here' >&2\nexit 1\n");
        Files.setPosixFilePermissions(encoder, PosixFilePermissions.fromString("rwx------"));
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Path out = mine.resolve("a").resolve("b");
        Process p = cli(encoder, out, dir.resolve("log.txt"));
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), log());
        assertEquals(1, p.exitValue(), log());
        assertTrue(log().contains("no such codec here"), log());
        assertFalse(Files.exists(mine.resolve("a")), "the folders it made are gone: " + log());
        assertTrue(Files.isDirectory(mine), "the folder that was there stays");
    }

    private String log() throws Exception {
        Path log = dir.resolve("log.txt");
        return Files.exists(log) ? Files.readString(log) : "";
    }
}
