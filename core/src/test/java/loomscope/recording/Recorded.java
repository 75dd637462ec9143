package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.scenario.SeedScenario;
import loomscope.workload.WorkloadConfig;

/** Test helper: a real run, recorded, awaited with a generous timeout. */
public final class Recorded {
    private Recorded() { }

    public static RecordedRun run(WorkloadConfig config) throws InterruptedException {
        RecordedRun run = RecordedRun.start(config);
        assertTrue(run.await(120_000), "run did not finish within 120 s: " + config);
        return run;
    }

    public static WorkloadConfig small(int threads) {
        return SeedScenario.config().withThreads(threads);
    }
}
