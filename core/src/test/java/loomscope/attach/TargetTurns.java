package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A {@link MountLoop} target's turns as the attach tests take them ({@link GoRounds}): {@code go} on its stdin, its
 * {@code NS} line back once every thread of the round ended; its stderr in a file, quoted when something fails.
 */
final class TargetTurns {
    private final Writer toTarget;
    private final BufferedReader fromTarget;
    private final Path err;

    /** @param process a target whose stdin and stdout are pipes, its stderr redirected to {@code err} */
    TargetTurns(Process process, Path err) {
        this.toTarget = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.fromTarget = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        this.err = err;
    }

    /** Waits for the target's READY (it serves rounds from then on). */
    void awaitReady() throws IOException {
        assertEquals("READY", fromTarget.readLine(), this::stderr);
    }

    /** One round of the target's work: every thread's mounts, ended before this returns. */
    void round() throws IOException {
        toTarget.write("go\n");
        toTarget.flush();
        String line = fromTarget.readLine();
        assertNotNull(line, "the target ended: " + stderr());
        assertTrue(line.startsWith("NS "), line);
    }

    /** Ends the target's stdin, which ends the target (GoRounds returns). */
    void endInput() throws IOException {
        toTarget.close();
    }

    String stderr() {
        try {
            return Files.readString(err);
        } catch (IOException e) {
            return "(unreadable)";
        }
    }
}
