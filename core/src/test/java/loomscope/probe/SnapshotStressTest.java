package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.recording.RecordedRun;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * The "20 runs with snapshots at the highest rate offered: no crash, no hang", in churny modes (JDK 25
 * synchronized mounts and unmounts every thread twice; native-frame pins). A JVM crash would fail the build.
 */
class SnapshotStressTest {

    @Test
    void twentyRunsAtTheHighestRateNeitherCrashNorHang() throws Exception {
        for (int i = 0; i < 20; i++) {
            WorkloadConfig config = i % 2 == 0
                    ? SeedScenario.config().withThreads(2_000).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName()).withParallelism(2)
                    : SeedScenario.config().withThreads(150).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName()).withParallelism(2);
            ProbeSession.ProbedRun probed = ProbeSession.start(config, ProbeSelection.SNAPSHOTS, ProbeAcceptanceTest.HIGHEST_RATE);
            try (ProbeSession session = probed.probes()) {
                RecordedRun run = probed.run();
                assertTrue(run.await(60_000), "run " + i + " hung");
                ProbeReport report = session.finish();
                assertEquals(config.threads(), run.summary().completed(), "run " + i);
                assertNull(report.snapshotFailure(), "run " + i);
                assertTrue(report.snapshots() >= 2, "run " + i + " took " + report.snapshots() + " snapshots");
                assertTrue(report.snapshotAgreement().share() >= 0.99 || report.snapshotAgreement().mounted() == 0,
                        "run " + i + ": " + report.snapshotAgreement());
                assertEquals(0, run.run().liveThreads(), "run " + i + " left threads behind");
            }
        }
    }
}
