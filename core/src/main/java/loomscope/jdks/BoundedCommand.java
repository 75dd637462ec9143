package loomscope.jdks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a short command (such as {@code java -version}) and gives up after a timeout. Its output goes to a
 * temporary file rather than a pipe: reading a pipe blocks until the process closes it, so a launcher that
 * hangs would hang us too, before any timeout could apply. Output is read only after the process ended.
 */
final class BoundedCommand {

    /** What the command printed (stdout and stderr together); {@code exitCode} is -1 when it timed out. */
    record Outcome(boolean timedOut, int exitCode, String output) {
        String firstLine() {
            return output.lines().findFirst().orElse("no output");
        }
    }

    private BoundedCommand() { }

    /**
     * Runs {@code command} with stdin closed, waits at most {@code timeoutSeconds}, and kills it (and whatever
     * it started) if it has not ended by then.
     */
    static Outcome run(List<String> command, long timeoutSeconds) throws IOException, InterruptedException {
        Path output = Files.createTempFile("loomscope-cmd", ".out");
        Process process = null;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            process.getOutputStream().close();
            boolean ended = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!ended) {
                killTree(process);
            }
            String text = new String(Files.readAllBytes(output), StandardCharsets.UTF_8);
            return new Outcome(!ended, ended ? process.exitValue() : -1, text);
        } finally {
            if (process != null && process.isAlive()) {
                killTree(process);
            }
            Files.deleteIfExists(output);
        }
    }

    private static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }
}
