package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Format 3 and later keep every mount's class: not pinned, pinned, unsure, captured and stalled come back as they were saved. */
class CausesSavedTest {
    @TempDir
    Path dir;

    @Test
    void everyCauseComesBack() throws Exception {
        MountClass[] verdicts = {MountClass.NOT_HELD, MountClass.PINNED, MountClass.UNSURE,
                MountClass.CAPTURED, MountClass.STALLED};
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(verdicts.length).withParallelism(1), "25.0.1")
                .carrier(0, "c0", 0, false);
        for (int i = 0; i < verdicts.length; i++) {
            b.mount(0, i, i * 10_000_000L, i * 10_000_000L, i * 10_000_000L + 5_000_000L, verdicts[i]);
        }
        RunRecording saved = b.finish(0, 50_000_000L, verdicts.length, false);
        Path file = dir.resolve("causes.loomrun");
        try (OutputStream out = Files.newOutputStream(file)) {
            SavedRunWriter.writeTo(new SavedRun(saved, new RunInfo(RunInfo.LOOMSCOPE_VERSION, Instant.parse("2026-11-27T12:00:00Z"),
                    RunInfo.SEED_SCENARIO, List.of(), 2, "Linux 6", "amd64", false), List.of()), out);
        }
        CarrierLog back = SavedRunReader.read(file).recording().carriersByIndex()[0];
        List<MountClass> causes = new ArrayList<>();
        for (int i = 0; i < back.size(); i++) {
            causes.add(back.mountClass(i));
        }
        assertEquals(List.of(verdicts), causes);
        assertEquals(2, back.capturedOrStalledCount(), "read back, the carrier counts them (the legend asks it, not the mounts)");
        assertEquals(1, back.unsureCount());
    }

    /** #36: format 4 keeps the witnesses' word (reason, site, stack): each distinct stack once, every mount's back. */
    @Test
    void theWitnessesWordComesBackWithEachStackStoredOnce() throws Exception {
        int n = 2_000;
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(n).withParallelism(1), "25.0.1")
                .carrier(0, "c0", 0, false);
        for (int i = 0; i < n; i++) {
            b.mount(0, i, i * 10_000_000L, i * 10_000_000L, i * 10_000_000L + 5_000_000L,
                    i % 2 == 0 ? MountClass.PINNED : MountClass.CAPTURED);
        }
        RunRecording run = b.finish(0, n * 10_000_000L, n, false);
        List<String> pinStack = List.of("java.lang.VirtualThread.parkOnCarrierThread(VirtualThread.java:661)",
                "app.Routes.nativeSleep(Routes.java:28)", "app.Routes.handle(Routes.java:12)");
        List<String> readStack = List.of("java.io.FileInputStream.readBytes(Native Method)", "app.Routes.pipe(Routes.java:41)");
        for (int i = 0; i < n; i++) {
            run.setWhy(0, i, i % 2 == 0
                    ? new MountWhy(MountClass.PINNED, "Native or VM frame on stack", pinStack, run.carriersByIndex()[0].start(i) + 1_000,
                            "app.Routes.nativeSleep:28", 4_000_000L)
                    : new MountWhy(MountClass.CAPTURED, "file read /proc/self/fd/" + (i % 6), readStack,
                            run.carriersByIndex()[0].start(i) - 2_000, "app.Routes.pipe:41", 4_500_000L));
        }
        Path file = dir.resolve("whys.loomrun");
        long bytes = save(run, file);
        RunRecording back = SavedRunReader.read(file).recording();
        for (int i = 0; i < n; i++) {
            assertEquals(run.whyOf(0, i), back.whyOf(0, i), "mount " + i);
        }
        Path bare = dir.resolve("bare.loomrun");
        long without = save(b.finish(0, n * 10_000_000L, n, false), bare);
        assertTrue(bytes - without < n * 12L, "each word names its stack and texts by index: " + (bytes - without) + " bytes for " + n);
    }

    /** A format-3 file (no whys section) still opens: its mounts keep their class, with no witness's word. */
    @Test
    void aFormatThreeFileStillOpens() throws Exception {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(2).withParallelism(1), "25.0.1")
                .carrier(0, "c0", 0, false);
        b.mount(0, 0, 0, 0, 5_000_000L, MountClass.CAPTURED);
        b.mount(0, 1, 10_000_000L, 10_000_000L, 15_000_000L, MountClass.PINNED);
        Path file = dir.resolve("four.loomrun");
        save(b.finish(0, 20_000_000L, 2, false), file);
        byte[] four = Files.readAllBytes(file);
        int end = four.length - 8;   // "END" 0x1A, then the checksum
        assertEquals(List.of(0, 0, 0), List.of((int) four[end - 3], (int) four[end - 2], (int) four[end - 1]),
                "no texts, no stacks, no explained mounts");
        byte[] three = new byte[four.length - 3];
        System.arraycopy(four, 0, three, 0, end - 3);
        System.arraycopy(four, end, three, end - 3, 4);
        three[LoomRunFormat.MAGIC.length] = 3;
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(three, 0, three.length - 4);
        java.nio.ByteBuffer.wrap(three, three.length - 4, 4).putInt((int) crc.getValue());
        Path old = Files.write(dir.resolve("three.loomrun"), three);
        CarrierLog back = SavedRunReader.read(old).recording().carriersByIndex()[0];
        assertEquals(MountClass.CAPTURED, back.mountClass(0));
        assertEquals(MountClass.PINNED, back.mountClass(1));
    }

    /** A word naming a mount the file did not record is refused in one line, not kept. */
    @Test
    void aWordForAMountThatIsNotThereIsRefused() throws Exception {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(1).withParallelism(1), "25.0.1")
                .carrier(0, "c0", 0, false);
        b.mount(0, 0, 0, 0, 5_000_000L, MountClass.PINNED);
        RunRecording run = b.finish(0, 10_000_000L, 1, false);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        BinaryOut out = new BinaryOut(bytes);
        out.varint(1);
        out.string("a.B.c:1");
        out.varint(1);
        out.varint(1);
        out.varint(1);
        out.varint(1);          // one explained mount
        out.varint(0);          // carrier 0
        out.varint(7);          // mount 7 of a carrier with one
        for (int field = 0; field < 6; field++) {
            out.varint(0);
        }
        out.finish(0);
        byte[] section = bytes.toByteArray();
        SavedRunFormatException e = org.junit.jupiter.api.Assertions.assertThrows(SavedRunFormatException.class,
                () -> WhysIn.read(new BinaryIn(new java.io.ByteArrayInputStream(section), section.length), run,
                        new MemoryBudget(1 << 20)));
        assertTrue(e.getMessage().contains("explained mount 0's mount is 7"), e.getMessage());
        assertEquals(null, run.whyOf(0, 7));
    }

    private static long save(RunRecording run, Path file) throws Exception {
        try (OutputStream out = Files.newOutputStream(file)) {
            return SavedRunWriter.writeTo(new SavedRun(run, new RunInfo(RunInfo.LOOMSCOPE_VERSION, Instant.parse("2026-11-27T12:00:00Z"),
                    RunInfo.SEED_SCENARIO, List.of(), 2, "Linux 6", "amd64", false), List.of()), out).bytes();
        }
    }
}
