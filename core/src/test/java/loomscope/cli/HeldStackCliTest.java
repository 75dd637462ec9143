package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.testing.Jdk21;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * #36's last witness, in a real child JVM: opening a pipe (a FIFO) blocks in {@code FileInputStream.open0} until a writer
 * comes, holding the carrier. JFR has no event for an open, so without a stack sampled while it was held each such mount
 * would be unsure; with it, each is captured, at the task's own line, on JDK 25 and on 21.
 */
class HeldStackCliTest {
    private static final int THREADS = 8;

    @TempDir
    Path dir;

    @Test
    void openingAPipeIsCapturedAtTheTasksLine() throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux"), "mkfifo");
        List<String> mkfifo = new ArrayList<>(List.of("mkfifo"));
        for (int i = 0; i < THREADS; i++) {
            mkfifo.add(dir.resolve("fifo" + i).toString());
        }
        assertEquals(0, new ProcessBuilder(mkfifo).inheritIO().start().waitFor());
        // the writer comes 30 ms after the reader began to open: the reader's carrier is held in open0 that long
        Path task = Files.writeString(dir.resolve("OpenPipe.java"), """
                public class OpenPipe {
                    public void run(int index) throws Exception {
                        java.io.File fifo = new java.io.File("%s", "fifo" + index);
                        Thread writer = Thread.ofPlatform().start(() -> {
                            try {
                                Thread.sleep(30);
                                new java.io.FileOutputStream(fifo).close();
                            } catch (Exception e) {
                                throw new RuntimeException(e);
                            }
                        });
                        try (java.io.FileInputStream in = new java.io.FileInputStream(fifo)) {
                            in.read();
                        }
                        writer.join();
                    }
                }
                """.formatted(dir.toString().replace("\\", "\\\\")));
        assertCapturedAtLine12(run(task));
        Path jdk21 = Jdk21.find();
        if (jdk21 != null) {
            assertCapturedAtLine12(run(task, "--jdk", jdk21.toString()));
        }
    }

    private static void assertCapturedAtLine12(JsonNode run) {
        assertEquals(THREADS, run.get("completed").asInt(), run.toString());
        assertTrue(run.get("causesClassified").asBoolean(), run.toString());
        JsonNode site = null;
        for (JsonNode s : run.get("sites")) {
            if (s.get("frame").asText().equals("OpenPipe.run:12")) {
                site = s;
            }
        }
        assertTrue(site != null, "a site at the open: " + run.get("sites"));
        assertEquals("captured", site.get("kind").asText());
        assertTrue(site.get("reason").asText().startsWith("native code: java.io.FileInputStream.open0"), site.toString());
        // every open held its carrier about 30 ms; on a loaded machine a sample can miss one (its carrier ran in between)
        assertTrue(site.get("count").asInt() >= THREADS - 2, site.toString());
        assertEquals(0, run.get("pinnedMounts").asInt(), "an open is not a pin: " + run);
    }

    private JsonNode run(Path task, String... more) throws IOException {
        for (int i = 0; i < THREADS; i++) {
            Assumptions.assumeTrue(Files.exists(dir.resolve("fifo" + i)));
        }
        List<String> args = new ArrayList<>(List.of("run", "--task-file", task.toString(), "--threads", String.valueOf(THREADS),
                "--parallelism", "2", "--json"));
        args.addAll(List.of(more));
        CliInputTest.Result r = CliInputTest.cli(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err() + r.out());
        return new ObjectMapper().readTree(r.out());
    }
}
