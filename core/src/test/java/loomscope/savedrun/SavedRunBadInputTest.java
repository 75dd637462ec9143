package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import loomscope.recording.RecordedRun;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
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
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(300).withParam(SeedScenario.LOCK, LockMode.SHARED_SYNCHRONIZED.cliName())
                .withParam(SeedScenario.SLEEP, 1));
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
    void aRunWhoseClockStoppedAfterItsThreadsWereDoneIsRead() throws Exception {
        // the control for the crafted "done after the run's clock stopped": the same threads, a real end
        for (byte[] content : List.of(CraftedRuns.doneBeforeEnd(510_000, false), CraftedRuns.doneBeforeEnd(50_000_000, false),
                CraftedRuns.doneBeforeEnd(500_001, true))) {
            Path file = Files.createTempFile(folder, "real", SavedRun.EXTENSION);
            Files.write(file, content);
            assertEquals(2, SavedRun.read(file).recording().threads());
        }
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
    void impossibleContentIsRefusedNamingThePart() throws Exception {
        List<CraftedRuns.BadFile> files = CraftedRuns.all();
        for (CraftedRuns.BadFile bad : files) {
            String message = refusal(bad.content());
            assertTrue(message.contains(bad.says()), bad.what() + ": " + message);
        }
        System.out.println("bad-input suite (saved runs, impossible content): " + files.size() + " inputs");
    }

    /**
     * Issue 24: 6.2 GB of memory, 30 s and an OutOfMemoryError for 536,870,742 all-zero mounts. Issue 47: a file over
     * the saved-run budget in bytes (1 GB) is refused by its size, before its checksum is read over the whole file; one
     * under it by its counts.
     */
    @Test
    void aTwoGigabyteSparseFileOfZeroMountsIsRefusedWithoutReadingIt() throws Exception {
        Path huge = folder.resolve("huge.loomrun");
        CraftedRuns.sparseZeroMounts(huge, 1L << 31, 536_870_742L, false);   // its checksum is never reached
        long t0 = System.nanoTime();
        String message = assertThrows(SavedRunException.class, () -> SavedRun.read(huge)).getMessage();
        long millis = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.out.printf("2 GiB sparse file refused in %d ms: %s%n", millis, message);
        assertTrue(message.contains("2,048 MB, more than a saved run can be"), message);
        assertTrue(millis < 1_000, "read for " + millis + " ms");
        CraftedRuns.sparseZeroMounts(huge, 64L << 20, 536_870_742L);
        message = assertThrows(SavedRunException.class, () -> SavedRun.read(huge)).getMessage();
        assertTrue(message.contains("carrier 0's number of mounts is 536870742"), message);
        // a count the bytes, the sane limit and the memory allow: refused at the first mount, a zero-length one
        CraftedRuns.sparseZeroMounts(huge, 64L << 20, 10_000_000L);
        message = assertThrows(SavedRunException.class, () -> SavedRun.read(huge)).getMessage();
        assertTrue(message.contains("mount 0 of carrier 0 has impossible times"), message);
        System.out.println("bad-input suite (saved runs, sparse files of zero mounts): 3 inputs");
    }

    @Test
    void aPipeAndALinkToDevZeroAreNotRegularFiles() throws Exception {
        Path pipe = folder.resolve("pipe.loomrun");
        assertEquals(0, new ProcessBuilder("mkfifo", pipe.toString()).start().waitFor());
        Path zero = Files.createSymbolicLink(folder.resolve("zero.loomrun"), Path.of("/dev/zero"));
        for (Path file : List.of(pipe, zero)) {
            // a blocked open or an endless read would hang here: the timeout turns that into a failure
            String message = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> assertThrows(SavedRunException.class, () -> SavedRun.read(file)).getMessage());
            assertTrue(message.endsWith("it is not a regular file (a pipe, a device or a socket), not a saved run"), message);
            assertFalse(SavedRun.isOne(file));
        }
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
