package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import loomscope.recording.RecordedRun;
import loomscope.workload.Scenarios;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario's run saved and opened names the scenario and its parameters, and replays the same facts. */
class ScenarioSavedRunTest {

    @TempDir
    Path folder;

    @Test
    void aScenarioAndItsParametersSurviveTheFile() throws Exception {
        WorkloadConfig config = Scenarios.config(Scenarios.byName("cart-service"), Map.of("api-ms", "20", "products", "3"),
                12, 2, SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RecordedRun run = RecordedRun.start(config);
        assertTrue(run.await(10_000));
        Path file = folder.resolve("cart" + SavedRun.EXTENSION);
        new SavedRun(run.recording(), RunInfo.ofThisHost(List.of(), false), List.of()).write(file, false);
        assertTrue(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1).contains("\"params\":{\"api-ms\":\"20\",\"products\":\"3\"}"));
        SavedRun opened = SavedRun.read(file);
        assertEquals(config, opened.recording().config());
        assertEquals("cart-service", opened.info().scenario());
        RecordingsCompare.assertSameFacts(run.recording(), opened.recording());
    }

    @Test
    void aSeedRunIsWrittenAsBefore() throws Exception {
        RecordedRun run = RecordedRun.start(WorkloadConfig.seed().withThreads(20).withCpuIterations(0).withSleepMillis(1));
        assertTrue(run.await(10_000));
        Path file = folder.resolve("seed" + SavedRun.EXTENSION);
        new SavedRun(run.recording(), RunInfo.ofThisHost(List.of(), false), List.of()).write(file, false);
        assertTrue(!Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1).contains("\"params\""));
        SavedRun opened = SavedRun.read(file);
        assertEquals("seed", opened.info().scenario());
        assertTrue(opened.recording().config().isSeed());
        assertEquals(run.recording().config(), opened.recording().config());
    }
}
