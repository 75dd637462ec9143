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
                    // the writers' threads start here, before the run: a thread started by a virtual thread can pin on the
                    // JDK's own locks (seen beside CPU hogs), which is not what this task is about
                    private final java.util.concurrent.ThreadPoolExecutor writers = new java.util.concurrent.ThreadPoolExecutor(
                            8, 8, 1, java.util.concurrent.TimeUnit.MINUTES, new java.util.concurrent.LinkedBlockingQueue<>());

                    public OpenPipe() {
                        writers.prestartAllCoreThreads();
                    }

                    public void run(int index) throws Exception {
                        java.io.File fifo = new java.io.File("%s", "fifo" + index);
                        writers.execute(() -> {
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
                    }
                }
                """.formatted(dir.toString().replace("\\", "\\\\")));
        assertCapturedAtTheOpen(run(task));
        Path jdk21 = Jdk21.find();
        if (jdk21 != null) {
            assertCapturedAtTheOpen(run(task, "--jdk", jdk21.toString()));
        }
    }

    private static void assertCapturedAtTheOpen(JsonNode run) {
        assertEquals(THREADS, run.get("completed").asInt(), run.toString());
        assertTrue(run.get("causesClassified").asBoolean(), run.toString());
        int captured = 0;
        boolean atTheOpen = false;
        for (JsonNode s : run.get("sites")) {
            String frame = s.get("frame").asText();
            String kind = s.get("kind").asText();
            String reason = s.path("reason").asText();
            if (kind.equals("captured") && frame.startsWith("OpenPipe.run:")) {
                captured += s.get("count").asInt();
            }
            atTheOpen |= frame.equals("OpenPipe.run:21") && kind.equals("captured")
                    && reason.startsWith("native code: java.io.FileInputStream.open0");
            // a cold child's first uses of a class can pin (two threads loading it, one waiting in a native frame),
            // also under the open's own line: JFR then says "Contended monitor enter" (seen beside CPU hogs, 1 mount
            // in 5 runs), a pin of the JDK's own and rightly red. The open's wait itself is never called a pin.
            assertTrue(!kind.equals("pinned") || !frame.equals("OpenPipe.run:21") || reason.startsWith("Contended monitor enter"),
                    "an open is not a pin: " + s);
        }
        assertTrue(atTheOpen, "captured at the open: " + run.get("sites"));
        // each mount held its carrier about 30 ms in the open; a sample can miss a mount whose carrier ran in between
        assertTrue(captured >= THREADS - 2, captured + " captured of " + THREADS + ": " + run.get("sites"));
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
