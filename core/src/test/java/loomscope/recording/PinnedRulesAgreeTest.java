package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue #16: the generic "blocked while mounted" rule (the carriers' CPU and run-queue clocks) sees every block of
 * every seed mode that the seed's phase rule sees, and rarely a stall the phases cannot explain, on this JDK; {@code CrossJdkPinningTest} checks the same on JDK 21
 * and with legacy locking. P = 4 puts four busy carriers on this machine's two cores: there a mount's wall time is
 * far longer than its CPU time, and only the run-queue wait tells a preempted carrier from a blocked one.
 */
class PinnedRulesAgreeTest {

    @ParameterizedTest
    @MethodSource("loomscope.workload.LockMode#values")
    void bothRulesAgreeOnEveryMountAtOneCarrier(LockMode mode) throws Exception {
        assertAgree(config(mode, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void bothRulesAgreeWithMoreCarriers(int parallelism) throws Exception {
        for (LockMode mode : new LockMode[] {LockMode.SYNCHRONIZED, LockMode.NATIVE_FRAME, LockMode.SHARED_SYNCHRONIZED}) {
            assertAgree(config(mode, parallelism));
        }
    }

    private static WorkloadConfig config(LockMode mode, int parallelism) {
        // the serialised modes take N x 5 ms / P: 200 threads keep them near a second
        int threads = mode == LockMode.NATIVE_FRAME || mode == LockMode.SHARED_SYNCHRONIZED ? 200 : 1_000;
        return Recorded.small(threads).withParam(SeedScenario.LOCK, mode.cliName()).withParallelism(parallelism);
    }

    static void assertAgree(WorkloadConfig config) throws InterruptedException {
        // A cold JVM's first mounts also load and link classes, and a carrier that waits for another to finish
        // loading one is really blocked while mounted: the generic rule sees it, the phase rule cannot. That is
        // the class-init scenario's subject; here each mode runs once first, and the rules are compared after.
        Recorded.run(config.withThreads(Math.min(config.threads(), 50)));
        RunRecording recording = Recorded.run(config).recording();
        RuleCrossCheck check = RuleCrossCheck.of(recording);
        System.out.println(config.workloadName() + " P=" + config.parallelism() + ": " + check.describe());
        assertTrue(check.mounts() >= config.threads(), check.toString());
        assertEquals(check.mounts(), check.measured(), "every mount measured by its carrier's clocks: " + check);
        // no pin hidden: every mount the seed's phases call pinned, the clocks call pinned or unsure
        assertTrue(check.agree(), config.workloadName() + " P=" + config.parallelism() + ": " + check.describe());
        // unsure is honest, never "not pinned"; it grows with the machine's load, which this test does not control: in
        // the suite's three core JVMs on two cores, P=2 once left 10.7% unsure. A rule that could tell nothing fails here
        assertTrue(check.unsure() * 5 <= check.measured(), "over 20% unsure: " + check.describe());
        // a stall is the JVM or the OS holding a carrier, seen by its clocks alone: rare, or the rule would be noise
        assertTrue(check.stalls() * 100 <= check.measured(), "over 1% of mounts stalled: " + check);
    }
}
