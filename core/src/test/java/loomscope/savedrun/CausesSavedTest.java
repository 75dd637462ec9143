package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountCause;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Format 3 keeps every mount's class: not pinned, pinned, unsure, captured and stalled come back as they were saved. */
class CausesSavedTest {
    @TempDir
    Path dir;

    @Test
    void everyCauseComesBack() throws Exception {
        int[] verdicts = {RecordingBuilder.NOT_PINNED, RecordingBuilder.PINNED, RecordingBuilder.UNSURE,
                RecordingBuilder.CAPTURED, RecordingBuilder.STALLED};
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
        List<MountCause> causes = new ArrayList<>();
        for (int i = 0; i < back.size(); i++) {
            causes.add(back.cause(i));
        }
        assertEquals(Arrays.asList(null, MountCause.PINNED, MountCause.UNSURE, MountCause.CAPTURED, MountCause.STALLED), causes);
        assertEquals(2, back.capturedOrStalledCount(), "read back, the carrier counts them (the legend asks it, not the mounts)");
        assertEquals(1, back.unsureCount());
    }
}
