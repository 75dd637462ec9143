package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;

/** The recording holds 1,000,000 threads in well under 2 GB: surefire runs with -Xmx2g, and we measure. */
class MillionThreadsTest {

    @Test
    void aMillionThreadRunFitsAndIsRecordedWhole() throws Exception {
        long before = usedHeapAfterGc();
        RecordedRun run = Recorded.run(Recorded.small(1_000_000).withParam(SeedScenario.LOCK, LockMode.NONE.cliName())
                .withParam(SeedScenario.CPU, 0).withParam(SeedScenario.SLEEP, 0).withParallelism(2));
        RunRecording recording = run.recording();
        RunSummary summary = RunSummary.of(recording);
        assertEquals(1_000_000, summary.completed());
        assertTrue(summary.mounts() >= 1_000_000);
        long retained = usedHeapAfterGc() - before;
        assertTrue(recording.approximateBytes() < 512L << 20, "arrays: " + recording.approximateBytes());
        assertTrue(retained < 1L << 30, "retained after the run: " + retained + " bytes");
        assertTrue(recording.threads() == 1_000_000); // keep the recording reachable until here
    }

    private static long usedHeapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
