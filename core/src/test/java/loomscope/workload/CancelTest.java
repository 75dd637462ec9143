package loomscope.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import loomscope.recording.RecordedRun;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CancelTest {

    /** The modes whose sleepers the cancel must interrupt inside their section (native frame and both monitors). */
    static List<LockMode> modesThatHoldTheirCarrier() {
        return List.of(LockMode.NATIVE_FRAME, LockMode.SHARED_SYNCHRONIZED, LockMode.SYNCHRONIZED);
    }

    /**
     * Cancel mid-run: soon after, no thread of the run and no carrier is left. Uncancelled, each run goes on for
     * 12 s or more; 5 s leaves a loaded machine's delays room and still tells a cancel that works from one that
     * does not (a CPU burst in flight finishes first: 2M iterations are tens of ms, more beside busy neighbours).
     */
    @ParameterizedTest
    @MethodSource("modesThatHoldTheirCarrier")
    void cancelMidRunLeavesNothingAlive(LockMode mode) throws Exception {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withParam(SeedScenario.LOCK, mode.cliName()).withParallelism(2)
                .withParam(SeedScenario.CPU, mode == LockMode.SYNCHRONIZED ? 2_000_000 : 10_000));
        Thread.sleep(300);
        assertTrue(run.run().ended() < 5_000, "the run ended before the cancel: nothing was tested");

        long cancelledAt = System.nanoTime();
        run.run().cancel();
        assertTrue(run.await(5_000), "run still going 5 s after cancel");
        long deadline = cancelledAt + 5_000_000_000L;
        while ((run.run().liveThreads() > 0 || !run.run().carriersStopped()) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, run.run().liveThreads(), "live threads 5 s after cancel");
        assertTrue(run.run().carriersStopped(), "carriers still running 5 s after cancel");
        assertTrue(run.recording().wasCancelled());
        assertTrue(run.summary().completed() < 5_000);
    }
}
