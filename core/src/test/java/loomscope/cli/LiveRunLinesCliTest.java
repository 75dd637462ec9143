package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --every}: the live lines of a run in this JVM and of a task file in a child JVM, read from the recording
 * as it goes, then {@code --json}'s object as before, last; a captured site shows on a line while the child still runs.
 */
class LiveRunLinesCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aRunInThisJvmPrintsItsLinesThenItsObject() throws Exception {
        CliInputTest.Result r = CliInputTest.cli("run", "--scenario", "file-io", "--param", "passes=100", "--threads", "20",
                "--every", "0.25", "--json");
        assertEquals(0, r.exit(), r.err());
        List<JsonNode> lines = lines(r.out());
        assertTrue(lines.size() >= 2, "a line or more, then the run's object: " + r.out());
        JsonNode last = lines.get(lines.size() - 1);
        assertTrue(last.has("completed") && last.has("pinnedMounts"), "the run's object last: " + last);
        long mounts = 0;
        double t = 0;
        for (JsonNode line : lines.subList(0, lines.size() - 1)) {
            assertLiveLine(line);
            assertTrue(line.get("mounts").asLong() >= mounts && line.get("t").asDouble() > t, "counts so far: " + r.out());
            mounts = line.get("mounts").asLong();
            t = line.get("t").asDouble();
        }
    }

    @Test
    void aTaskFilesPipeReadsAreCapturedAtItsLineWhileItRuns() throws Exception {
        Path task = Files.writeString(dir.resolve("PipeRead.java"), """
                public class PipeRead {
                    public PipeRead() throws Exception {
                        // the JDK's process classes initialised here: a thread that waits for another's initialiser pins
                        new ProcessBuilder("true").start().waitFor();
                    }

                    public void run(int index) throws Exception {
                        Process writer = new ProcessBuilder("sh", "-c", "sleep 0.1; echo x").start();
                        try (java.io.InputStream in = writer.getInputStream()) {
                            in.read();
                        }
                        writer.waitFor();
                    }
                }
                """);
        CliInputTest.Result r = CliInputTest.cli("run", "--task-file", task.toString(), "--threads", "30",
                "--parallelism", "1", "--every", "0.5", "--json");
        assertEquals(0, r.exit(), r.err());
        List<JsonNode> lines = lines(r.out());
        JsonNode last = lines.get(lines.size() - 1);
        assertEquals(30, last.get("completed").asInt(), last.toString());
        boolean capturedWhileItRan = false;
        for (JsonNode line : lines.subList(0, lines.size() - 1)) {
            assertLiveLine(line);
            assertFalse(line.has("notTallied"), "a run's lines read its whole recording: " + line);
            for (JsonNode site : line.get("sites")) {
                if (site.get("frame").asText().startsWith("PipeRead.run:")) {
                    assertEquals("captured", site.get("kind").asText(), "a pipe read is no pin: " + r.out());
                    capturedWhileItRan = true;
                }
            }
        }
        assertTrue(capturedWhileItRan, "captured at the task's line on a line before the end: " + r.out());
    }

    private static List<JsonNode> lines(String out) throws Exception {
        List<JsonNode> nodes = new java.util.ArrayList<>();
        for (String line : out.lines().toList()) {
            nodes.add(JSON.readTree(line));   // every line of stdout is JSON
        }
        return nodes;
    }

    private static void assertLiveLine(JsonNode line) {
        for (String key : new String[] {"t", "mounts", "pinned", "captured", "stalled", "unsure", "notYetClassed", "sites"}) {
            assertTrue(line.has(key), key + " in " + line);
        }
        assertTrue(line.get("sites").size() <= 5, line.toString());
    }
}
