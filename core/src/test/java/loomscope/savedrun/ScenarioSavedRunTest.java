package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import loomscope.recording.RecordedRun;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
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

    /**
     * The reader refuses what no run can have (a mount outside the run, a zero-length mount, ...): every kind of
     * run this LoomScope makes must still open, or a user's own file would be lost to a too-strict check.
     */
    @Test
    void everyScenarioAndSchedulerOpensUnderTheReadersChecks() throws Exception {
        List<WorkloadConfig> configs = new java.util.ArrayList<>();
        for (loomscope.scenario.Scenario scenario : Scenarios.ALL) {
            int threads = Math.max(scenario.minimumThreads(), Math.min(scenario.defaultThreads(), 40));
            if (scenario.minimumJdk() <= Runtime.version().feature()) {
                configs.add(Scenarios.config(scenario, Map.of(), threads, null, SchedulerKind.POOL, ThreadKind.VIRTUAL));
            }
        }
        configs.add(SeedScenario.config().withThreads(200).withScheduler(SchedulerKind.DEFAULT));
        configs.add(SeedScenario.config().withThreads(50).withThreadKind(ThreadKind.PLATFORM));
        for (WorkloadConfig config : configs) {
            RecordedRun run = RecordedRun.start(config);
            assertTrue(run.await(60_000), config + " did not end");
            Path file = Files.createTempFile(folder, "any", SavedRun.EXTENSION);
            Files.delete(file);
            new SavedRun(run.recording(), RunInfo.ofThisHost(List.of(), false), List.of()).write(file, false);
            RecordingsCompare.assertSameFacts(run.recording(), SavedRun.read(file).recording());
        }
    }

    @Test
    void aSeedRunIsWrittenAsBefore() throws Exception {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(20).withParam(SeedScenario.CPU, 0).withParam(SeedScenario.SLEEP, 1));
        assertTrue(run.await(10_000));
        Path file = folder.resolve("seed" + SavedRun.EXTENSION);
        new SavedRun(run.recording(), RunInfo.ofThisHost(List.of(), false), List.of()).write(file, false);
        assertTrue(!Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1).contains("\"params\""));
        SavedRun opened = SavedRun.read(file);
        assertEquals("seed", opened.info().scenario());
        assertEquals(new SeedScenario(), Scenarios.of(opened.recording().config()));
        assertEquals(run.recording().config(), opened.recording().config());
    }
}
