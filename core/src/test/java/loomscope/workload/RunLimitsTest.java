package loomscope.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import loomscope.probe.InProcessSnapshotter;
import loomscope.scenario.ScenarioParam;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

class RunLimitsTest {

    @Test
    void oneSourceOfTruthForTheLimits() {
        assertEquals(RunLimits.MAX_THREADS, WorkloadConfig.MAX_THREADS);
        assertEquals(RunLimits.MAX_PARALLELISM, WorkloadConfig.MAX_PARALLELISM);
        // the seed's knobs are its parameters now: their bounds are the rule book's, whether set by --param or its flags
        assertEquals(RunLimits.MAX_CPU_ITERATIONS, seedParam(SeedScenario.CPU).max());
        assertEquals(RunLimits.MAX_SLEEP_MILLIS, seedParam(SeedScenario.SLEEP).max());
        List<Double> offered = InProcessSnapshotter.OFFERED_RATES_HZ;
        assertEquals(RunLimits.MAX_SNAPSHOT_RATE_HZ, offered.get(offered.size() - 1), "the window offers what the CLI allows");
    }

    @Test
    void aConfigOutsideTheLimitsCannotBeBuiltAndTheMessageNamesTheField() {
        WorkloadConfig seed = SeedScenario.config();
        RunLimits.InvalidRunException e = assertThrows(RunLimits.InvalidRunException.class, () -> seed.withParallelism(0));
        assertEquals(RunLimits.Field.PARALLELISM, e.first().field());
        assertEquals("parallelism must be 1..64, was 0", e.getMessage());
        assertEquals("--parallelism must be 1..64, was 0", e.first().cliMessage());
        assertEquals("\"parallelism\" must be 1..64, was 0", e.first().message("\"parallelism\""));
        assertThrows(RunLimits.InvalidRunException.class, () -> seed.withThreads(RunLimits.MAX_THREADS + 1));
        assertThrows(RunLimits.InvalidRunException.class, () -> seed.withParam(SeedScenario.SLEEP, -1));
        assertThrows(RunLimits.InvalidRunException.class, () -> seed.withParam(SeedScenario.CPU, RunLimits.MAX_CPU_ITERATIONS + 1));
        assertThrows(RunLimits.InvalidRunException.class, () -> seed.withParam(SeedScenario.LOCK, null));
    }

    @Test
    void platformThreadsHaveTheirOwnBound() {
        WorkloadConfig platform = SeedScenario.config().withThreads(RunLimits.MAX_PLATFORM_THREADS).withThreadKind(ThreadKind.PLATFORM);
        RunLimits.InvalidRunException e = assertThrows(RunLimits.InvalidRunException.class,
                () -> platform.withThreads(RunLimits.MAX_PLATFORM_THREADS + 1));
        assertTrue(e.getMessage().startsWith("threads must be 1..10,000 for platform threads"), e.getMessage());
        assertEquals(1_000_000, SeedScenario.config().withThreads(1_000_000).threads(), "a million virtual threads headless");
    }

    @Test
    void aSurfaceMayAskForALowerMaximum() {
        WorkloadConfig big = SeedScenario.config().withThreads(RunLimits.WINDOW_MAX_THREADS + 1);
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

    private static ScenarioParam.Int seedParam(String name) {
        return (ScenarioParam.Int) new SeedScenario().params().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
