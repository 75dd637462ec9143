package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mount the carriers' clocks could not judge stays unsure in a saved run: reopened, it is not shown as not pinned. */
class UnsureMountsSavedTest {
    private static final long START = 1_000_000;

    @Test
    void everyVerdictSurvivesSavingAndOpening(@TempDir Path dir) throws Exception {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(3).withParallelism(1), "25.0.3")
                .carrier(0, "c0", 0, false);
        b.mount(0, 0, START, START + 1_000, START + 2_000_000, MountClass.NOT_HELD);
        b.mount(0, 1, START, START + 3_000_000, START + 9_000_000, MountClass.PINNED);
        b.mount(0, 2, START, START + 10_000_000, START + 16_000_000, MountClass.UNSURE);
        RunRecording recording = b.finish(START, START + 20_000_000, 3, false);
        RunInfo info = new RunInfo(RunInfo.LOOMSCOPE_VERSION, Instant.parse("2026-11-25T12:00:00Z"),
                RunInfo.SEED_SCENARIO, List.of(), 2, "Linux 6", "amd64", false);
        Path file = dir.resolve("unsure.loomrun");
        new SavedRun(recording, info, List.of()).write(file, false);

        CarrierLog log = SavedRun.read(file).recording().carriers()[0];
        assertEquals(3, log.size());
        assertFalse(log.pinned(0) || log.unsure(0));
        assertTrue(log.pinned(1));
        assertTrue(log.unsure(2), "the unsure mount is read back unsure");
        assertFalse(log.pinned(2));
    }
}
