package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import loomscope.recording.RecordedRun;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whatever a .loomrun file holds, reading it ends in a run or in one line naming the file and what is wrong. */
class SavedRunBadInputTest {

    private static byte[] good;

    @TempDir
    Path folder;

    @BeforeAll
    static void recordOne() throws Exception {
        RecordedRun run = RecordedRun.start(WorkloadConfig.seed().withThreads(300).withLockMode(LockMode.SHARED_SYNCHRONIZED)
                .withSleepMillis(1));
        assertTrue(run.await(60_000));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SavedRunWriter.writeTo(new SavedRun(run.recording(), RunInfo.ofThisHost(List.of(), false), List.of()), bytes);
        good = bytes.toByteArray();
    }

    private String refusal(byte[] content) throws Exception {
        Path file = Files.createTempFile(folder, "bad", SavedRun.EXTENSION);
        Files.write(file, content);
        SavedRunException e = assertThrows(SavedRunException.class, () -> SavedRun.read(file));
        String message = e.getMessage();
        assertTrue(message.startsWith(file.toString() + ": "), message);
        assertEquals(1, message.lines().count(), message);
        return message;
    }

    @Test
    void theGoodFileIsRead() throws Exception {
        Path file = folder.resolve("good.loomrun");
        Files.write(file, good);
        assertEquals(300, SavedRun.read(file).recording().threads());
    }

    @Test
    void anEmptyFileIsNamedEmpty() throws Exception {
        assertTrue(refusal(new byte[0]).contains("empty"));
    }

    @Test
    void someoneElsesFileIsNotOurs() throws Exception {
        assertTrue(refusal("hello, world\n".getBytes(StandardCharsets.UTF_8)).contains("not a LoomScope saved run"));
        assertTrue(refusal(new byte[] {'L', 'O', 'O', 'M'}).contains("not a LoomScope saved run"));
    }

    @Test
    void aNewerFormatSaysSo() throws Exception {
        byte[] newer = good.clone();
        newer[LoomRunFormat.MAGIC.length] = LoomRunFormat.VERSION + 1;
        assertTrue(refusal(newer).contains("newer LoomScope (format " + (LoomRunFormat.VERSION + 1) + ")"), refusal(newer));
    }

    @Test
    void everyCutShortFileIsRefused() throws Exception {
        int tried = 0;
        for (int length = 1; length < good.length; length += Math.max(1, good.length / 400)) {
            String message = refusal(Arrays.copyOf(good, length));
            assertTrue(message.contains("cut short") || message.contains("not a LoomScope"), message);
            tried++;
        }
        System.out.println("bad-input suite (saved runs, cut short): " + tried + " inputs");
    }

    @Test
    void everyDamagedByteIsCaught() throws Exception {
        Random random = new Random(18);
        int tried = 0;
        for (int i = 0; i < 300; i++) {
            byte[] damaged = good.clone();
            int at = LoomRunFormat.MAGIC.length + 1 + random.nextInt(damaged.length - LoomRunFormat.MAGIC.length - 1);
            damaged[at] ^= (byte) (1 + random.nextInt(255));
            String message = refusal(damaged);
            assertTrue(message.contains("damaged") || message.contains("cut short"), message);
            tried++;
        }
        System.out.println("bad-input suite (saved runs, damaged): " + tried + " inputs");
    }

    @Test
    void aFolderAndAMissingFileAreNamed() throws Exception {
        assertThrows(SavedRunException.class, () -> SavedRun.read(folder), "a folder");
        SavedRunException missing = assertThrows(SavedRunException.class, () -> SavedRun.read(folder.resolve("nope.loomrun")));
        assertTrue(missing.getMessage().endsWith("no such file"), missing.getMessage());
    }

    @Test
    void aFileThatExistsIsNotReplacedAndAMissingFolderLeavesNothing() throws Exception {
        Path file = folder.resolve("mine.loomrun");
        Files.writeString(file, "the user's own file");
        SavedRun run = SavedRun.read(writeGood());
        assertThrows(SavedRunException.class, () -> run.write(file, false));
        assertEquals("the user's own file", Files.readString(file));
        assertThrows(SavedRunException.class, () -> run.write(folder.resolve("no/such/folder/x.loomrun"), false));
        try (var left = Files.list(folder)) {
            assertEquals(List.of("good2.loomrun", "mine.loomrun"), left.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    private Path writeGood() throws Exception {
        Path file = folder.resolve("good2.loomrun");
        Files.write(file, good);
        return file;
    }
}
