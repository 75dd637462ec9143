package loomscope.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import loomscope.probe.InProcessSnapshotter;
import org.junit.jupiter.api.Test;

class RunLimitsTest {

    @Test
    void oneSourceOfTruthForTheLimits() {
        assertEquals(RunLimits.MAX_THREADS, WorkloadConfig.MAX_THREADS);
        assertEquals(RunLimits.MAX_PARALLELISM, WorkloadConfig.MAX_PARALLELISM);
        assertEquals(RunLimits.MAX_CPU_ITERATIONS, WorkloadConfig.MAX_CPU_ITERATIONS);
        assertEquals(RunLimits.MAX_SLEEP_MILLIS, WorkloadConfig.MAX_SLEEP_MILLIS);
        List<Double> offered = InProcessSnapshotter.OFFERED_RATES_HZ;
        assertEquals(RunLimits.MAX_SNAPSHOT_RATE_HZ, offered.get(offered.size() - 1), "the window offers what the CLI allows");
    }

    @Test
    void aConfigOutsideTheLimitsCannotBeBuiltAndTheMessageNamesTheField() {
        WorkloadConfig seed = WorkloadConfig.seed();
        RunLimits.InvalidRunException e = assertThrows(RunLimits.InvalidRunException.class, () -> seed.withParallelism(0));
        assertEquals(RunLimits.Field.PARALLELISM, e.first().field());
        assertEquals("parallelism must be 1..64, was 0", e.getMessage());
        assertEquals("--parallelism must be 1..64, was 0", e.first().cliMessage());
        assertEquals("\"parallelism\" must be 1..64, was 0", e.first().message("\"parallelism\""));
        assertThrows(RunLimits.InvalidRunException.class, () -> seed.withThreads(RunLimits.MAX_THREADS + 1));
        assertThrows(RunLimits.InvalidRunException.class, () -> seed.withSleepMillis(-1));
        assertThrows(RunLimits.InvalidRunException.class, () -> seed.withCpuIterations(RunLimits.MAX_CPU_ITERATIONS + 1));
        assertThrows(RunLimits.InvalidRunException.class, () -> seed.withLockMode(null));
    }

    @Test
    void platformThreadsHaveTheirOwnBound() {
        WorkloadConfig platform = WorkloadConfig.seed().withThreads(RunLimits.MAX_PLATFORM_THREADS).withThreadKind(ThreadKind.PLATFORM);
        RunLimits.InvalidRunException e = assertThrows(RunLimits.InvalidRunException.class,
                () -> platform.withThreads(RunLimits.MAX_PLATFORM_THREADS + 1));
        assertTrue(e.getMessage().startsWith("threads must be 1..10,000 for platform threads"), e.getMessage());
        assertEquals(1_000_000, WorkloadConfig.seed().withThreads(1_000_000).threads(), "a million virtual threads headless");
    }

    @Test
    void aSurfaceMayAskForALowerMaximum() {
        WorkloadConfig big = WorkloadConfig.seed().withThreads(RunLimits.WINDOW_MAX_THREADS + 1);
        List<RunLimits.Problem> problems = RunLimits.problems(big, RunLimits.WINDOW_MAX_THREADS);
        assertEquals(1, problems.size());
        assertEquals("N must be 1..100,000, was 100,001", problems.get(0).message("N"));
        assertEquals(List.of(), RunLimits.problems(big, RunLimits.MAX_THREADS));
        assertThrows(RunLimits.InvalidRunException.class, () -> big.validate(RunLimits.WINDOW_MAX_THREADS));
        assertEquals(List.of(), RunLimits.problems(big, Integer.MAX_VALUE), "never higher than the ceiling");
    }

    @Test
    void everyProblemIsListed() {
        List<RunLimits.Problem> problems = RunLimits.problems(0, -1, -1, 0, null, null, ThreadKind.VIRTUAL, RunLimits.MAX_THREADS);
        assertEquals(List.of(RunLimits.Field.THREADS, RunLimits.Field.CPU_ITERATIONS, RunLimits.Field.SLEEP_MILLIS,
                RunLimits.Field.PARALLELISM, RunLimits.Field.LOCK_MODE, RunLimits.Field.SCHEDULER),
                problems.stream().map(RunLimits.Problem::field).toList());
    }

    @Test
    void snapshotRates() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY, 10.5, 1000}) {
            assertThrows(RunLimits.InvalidRunException.class, () -> RunLimits.checkSnapshotRate(bad), String.valueOf(bad));
        }
        assertEquals(10.0, RunLimits.checkSnapshotRate(10.0));
        assertEquals(0.5, RunLimits.checkSnapshotRate(0.5));
        assertEquals("--snapshot-rate must be more than 0 and at most 10 per second, was NaN",
                RunLimits.snapshotRateProblems(Double.NaN).get(0).cliMessage());
    }
}
