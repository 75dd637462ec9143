package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import loomscope.attach.RunFiles;
import loomscope.recording.RunRecording;
import loomscope.savedrun.SavedRunException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file {@code -javaagent:…=save=FILE} leaves (gzip of the agent's stream) as LoomScope's one door to saved runs
 * reads it: a whole one opens as a run; a cut, damaged or hostile one is one line naming the file, exit 2 in the CLI
 * with nothing created, never a stack trace, an OutOfMemoryError or a hang.
 */
class AgentSavedFileBadInputTest {
    private static final String HEAD = """
            LOOMSCOPE-AGENT 1 25.0.3+9-LTS
            O 1000
            I 4242 com.example.Main
            C 0 0 ForkJoinPool-1-worker-1
            C 1 5 ForkJoinPool-1-worker-2
            V 0 66 first
            V 1 67 second
            M 0 0 100 200 0 0
            M 1 1 150 2000300 1500000 1
            M 0 1 3000000 3000100 0 0
            J 67 140 2000000 ForkJoinPool-1-worker-2
            H 3500000
            """;
    private static final String WHOLE = HEAD + "Z exited\n";

    @TempDir
    Path root;

    private static byte[] gzip(byte[] text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text);
        }
        return bytes.toByteArray();
    }

    /** The head, then {@code length} bytes of one line, compressed without ever holding them. */
    private static byte[] lineBomb(long length) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) 'a');
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(HEAD.getBytes(StandardCharsets.UTF_8));
            for (long written = 0; written < length; written += chunk.length) {
                out.write(chunk);
            }
        }
        return bytes.toByteArray();
    }

    private static byte[] gzip(String text) throws IOException {
        return gzip(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aWholeFileOpensAsTheRunTheAgentRecorded() throws Exception {
        Path file = Files.write(root.resolve("app.loomrun"), gzip(WHOLE));
        RunRecording r = RunFiles.read(file).recording();
        assertEquals(2, r.threads());
        assertEquals(2, r.carriers().length);
        assertEquals(2, r.carriers()[0].size());
        assertTrue(r.carriers()[1].pinned(0));
        assertEquals("25.0.3+9-LTS", r.jdkVersion());
        assertEquals(1, RunFiles.read(file).pinnedEvents().size());
        // and through the CLI, named as the agent wrote it or not
        Path renamed = Files.write(root.resolve("app.saved"), gzip(WHOLE));
        for (Path from : new Path[] {file, renamed}) {
            CliScratch.Result result = CliScratch.inProcess("export", "--from", from.toString(), "--out",
                    root.resolve("cards-" + from.getFileName()).toString());
            assertEquals(0, result.exit(), result.err());
        }
    }

    @Test
    void whatTheAgentDroppedIsToldWithTheRunItOpensAs() throws Exception {
        Path whole = Files.write(root.resolve("whole.loomrun"), gzip(WHOLE));
        assertEquals(0, RunFiles.read(whole).droppedInTarget());
        assertEquals("whole.loomrun", RunFiles.read(whole).named("whole.loomrun"));
        // each carrier's D line gives its count so far: the last one of each counts
        Path dropping = Files.write(root.resolve("dropping.loomrun"),
                gzip(HEAD + "D 0 3 0\nD 0 7 0\nD 1 1200 0\nZ exited\n"));
        assertEquals(1_207, RunFiles.read(dropping).droppedInTarget());
        assertEquals("dropping.loomrun (1,207 episodes dropped)", RunFiles.read(dropping).named("dropping.loomrun"));
        // saved again as LoomScope's own file, and that read back: the count goes with the run
        Path again = root.resolve("again.loomrun");
        RunFiles.read(dropping).write(again, false);
        assertEquals(1_207, RunFiles.read(again).droppedInTarget());
        Path wholeAgain = root.resolve("whole-again.loomrun");
        RunFiles.read(whole).write(wholeAgain, false);
        assertEquals(0, RunFiles.read(wholeAgain).droppedInTarget());
        assertTrue(!Files.readString(wholeAgain, StandardCharsets.ISO_8859_1).contains("droppedInTarget"),
                "a file with nothing dropped is written as every file before the field was");
        CliScratch.Result export = CliScratch.inProcess("export", "--from", dropping.toString(), "--out",
                root.resolve("cards").toString());
        assertEquals(0, export.exit(), export.err());
        assertTrue(export.out().contains("dropping.loomrun: 1,207 episodes were dropped in the target"), export.out());
        CliScratch.Result quiet = CliScratch.inProcess("export", "--from", whole.toString(), "--out",
                root.resolve("cards-whole").toString());
        assertTrue(!quiet.out().contains("dropped"), quiet.out());
    }

    @Test
    void everyBadFileIsOneLine() throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>();
        Map<String, String> says = new LinkedHashMap<>();
        bad(files, says, "no end line (the JVM was killed)", gzip(HEAD), "it is cut short");
        bad(files, says, "garbage after the hello", gzip("LOOMSCOPE-AGENT 1 25\n\u0001garbage 12\n"), "it is damaged");
        bad(files, says, "an episode ending before it began", gzip(HEAD + "M 0 0 500 100 0 0\nZ exited\n"), "it is damaged");
        bad(files, says, "a negative start", gzip(HEAD + "M 0 0 -500 100 0 0\nZ exited\n"), "impossible times");
        bad(files, says, "a time of 2^63 - 1 (a 292-year episode)",
                gzip(HEAD + "M 0 0 500 9223372036854775807 0 0\nZ exited\n"), "impossible times");
        bad(files, says, "a heartbeat 31 days in", gzip(HEAD + "H 2678400000000000\nZ exited\n"), "more than 30 days");
        bad(files, says, "a number of 30 digits", gzip(HEAD + "M 0 0 500 999999999999999999999999999999 0 0\nZ exited\n"),
                "number out of range");
        bad(files, says, "a thread index far ahead", gzip(HEAD + "V 2000000000 1 x\nZ exited\n"), "it is damaged");
        bad(files, says, "a negative count not kept", gzip(HEAD + "K -5\nZ exited\n"), "it is damaged");
        bad(files, says, "a negative JFR duration", gzip(HEAD + "J 67 140 -2000000 x\nZ exited\n"), "impossible times");
        bad(files, says, "an escape in the Java version", gzip(WHOLE.replace("25.0.3+9-LTS", "25\u001b[2J")),
                "control characters");
        bad(files, says, "lines after the end line", gzip(WHOLE + "M 0 0 1 2 0 0\n"), "goes on after");
        bad(files, says, "a refusal", gzip("LOOMSCOPE-AGENT 1 26\nF Java 26 is not a release the agent knows\nZ\n"),
                "the agent did not record");
        bad(files, says, "a 256 MB line (a gzip bomb of 250 kB)", lineBomb(1 << 28), "a line longer than any the agent writes");
        bad(files, says, "a 65,543-byte line whose newline comes in the same read",
                gzip(HEAD + "V 2 68 " + "x".repeat(65_536) + "\nZ exited\n"), "a line longer than any the agent writes");
        byte[] whole = gzip(WHOLE);
        bad(files, says, "the gzip trailer cut off", Arrays.copyOf(whole, whole.length - 8), "it is cut short");
        bad(files, says, "garbage after the gzip member", concat(whole, "garbage\n".getBytes(StandardCharsets.US_ASCII)),
                "bytes follow the agent's compressed text");
        bad(files, says, "a second gzip member", concat(whole, gzip("")), "bytes follow the agent's compressed text");
        bad(files, says, "an escape and a bidi override in a damaged line",
                gzip(HEAD + "X \u001b]0;owned\u0007\u202etxt.exe\nZ exited\n"), "it is damaged");
        bad(files, says, "an escape in a carrier's name", gzip(HEAD.replace("worker-2", "worker-2\u001b[2J") + "Z exited\n"),
                "carrier 1's name has control characters");
        byte[] flipped = gzip(WHOLE);
        flipped[flipped.length / 2] ^= 0x40;
        bad(files, says, "a flipped byte", flipped, "it is");
        byte[] badCrc = gzip(WHOLE);
        badCrc[badCrc.length - 6] ^= 0x01;
        bad(files, says, "a damaged gzip checksum", badCrc, "it is damaged");

        for (Map.Entry<String, byte[]> c : files.entrySet()) {
            Path dir = Files.createDirectories(root.resolve("case-" + says.keySet().stream().toList().indexOf(c.getKey())));
            Path file = Files.write(dir.resolve("app.loomrun"), c.getValue());
            SavedRunException e = assertThrows(SavedRunException.class, () -> RunFiles.read(file), c.getKey());
            assertTrue(e.getMessage().startsWith(file + ": ") && e.getMessage().contains(says.get(c.getKey()))
                    && e.getMessage().lines().count() == 1, c.getKey() + ": " + e.getMessage());
            CliScratch scratch = CliScratch.in(dir);
            Map<String, String> before = scratch.fingerprint();
            String[] args = {"export", "--from", file.toString(), "--out", dir.resolve("cards").toString()};
            CliScratch.Result r = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> CliScratch.inProcess(args));
            scratch.assertRefused(r, before, "--from", c.getKey());
            assertTrue(r.err().contains(says.get(c.getKey())), c.getKey() + ": " + r.err());
            assertTrue(r.err().chars().noneMatch(ch -> ch == 0x1b || ch == 0x07 || ch == 0x202e), c.getKey() + ": " + r.err());
        }
    }

    @Test
    void aFileOfHugeThreadNamesOpensWithTheNamesCut() throws Exception {
        // the hostile file had 30,000 such lines: names counted as 250 bytes a thread, 2.7 GB of heap, and with a
        // 1 GB heap an OutOfMemoryError; names are now cut at 256 characters and counted by their length
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String name = "n".repeat(65_000);
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(HEAD.getBytes(StandardCharsets.UTF_8));
            for (int vt = 2; vt < 3_002; vt++) {
                out.write(("V " + vt + " " + (100 + vt) + " " + name + "\nM 0 " + vt + " 4000000 4000001 0 0\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            out.write("Z exited\n".getBytes(StandardCharsets.UTF_8));
        }
        Path file = Files.write(root.resolve("names.loomrun"), bytes.toByteArray());
        assertEquals(3_002, RunFiles.read(file).recording().threads());
        CliScratch.Result r = CliScratch.inProcess("export", "--from", file.toString(), "--out",
                root.resolve("cards").toString());
        assertEquals(0, r.exit(), r.err());
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    @Test
    void everyCutOfAWholeFileIsOneLine() throws Exception {
        byte[] whole = gzip(WHOLE);
        for (int length = 1; length < whole.length; length++) {
            Path file = Files.write(root.resolve("cut.loomrun"), Arrays.copyOf(whole, length));
            SavedRunException e = assertThrows(SavedRunException.class, () -> RunFiles.read(file), "cut at " + length);
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }

    private static void bad(Map<String, byte[]> files, Map<String, String> says, String what, byte[] content, String message) {
        files.put(what, content);
        says.put(what, message);
    }
}
