package loomscope.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import loomscope.recording.CarrierLog;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import loomscope.workload.RunLimits;
import loomscope.workload.SchedulerKind;
import loomscope.workload.TaskShape;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every scenario runs small, in process, on our carriers: each thread is started and done, the run completes
 * every task. Pinned counts are not asserted here: the rule that decides them for scenarios lives in recording.
 */
class ScenariosTest {

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "seed|cpu-iterations=1000,sleep-ms=2|20|1",
            "seed|lock=reentrant-lock|20|1",
            "waves|sleep-ms=50|5|2",
            "object-wait|wait-ms=20|6|1",
            "class-init|init-ms=50|6|1",
            "class-loader|find-ms=20|4|1",
            "class-loader|find-ms=20,loader=shared|4|1",
            "file-io|file-kb=64|10|1",
            "cart-service|api-ms=10,products=3|12|4",
            "producer-consumer|tasks=2000|20|2",
            "platform-vs-virtual|cpu-iterations=1000,sleep-ms=2|30|1",
    })
    void everyScenarioCompletesEveryTask(String name, String params, int threads, int parallelism) throws Exception {
        WorkloadConfig config = Scenarios.config(Scenarios.byName(name), parse(params), threads, parallelism,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RecordedRun run = RecordedRun.start(config);
        assertTrue(run.await(30_000), name + " did not end within 30 s");
        assertNull(run.run().failure(), () -> name + " failed: " + run.run().failure());
        assertEquals(threads, run.summary().completed(), name + " completed");
        RunRecording r = run.recording();
        for (int vt = 0; vt < threads; vt++) {
            assertTrue(r.phase(vt, Phase.STARTED) >= 0, name + " thread " + vt + " STARTED");
            assertTrue(r.phase(vt, Phase.DONE) >= 0, name + " thread " + vt + " DONE");
        }
        assertEquals(name, run.recording().config().scenario().name());
        assertEquals(0, run.run().liveThreads());
    }

    @Test
    void platformThreadsRunAScenarioToo() throws Exception {
        WorkloadConfig config = Scenarios.config(new WavesScenario(), Map.of("sleep-ms", "200"), 6, 2,
                SchedulerKind.POOL, ThreadKind.PLATFORM);
        RecordedRun run = RecordedRun.start(config);
        assertTrue(run.await(10_000));
        assertEquals(6, run.summary().completed());
        // one OS thread each: more than P = 2 sleep at once (a count: a time bound fails beside a busy neighbour)
        assertTrue(run.summary().maxLockHolders() > 2, "platform threads came in waves: " + run.summary());
    }

    /** A class's static initializer runs once per class: each run must define a fresh class, or it would not block. */
    @Test
    void classInitBlocksOnEveryRun() throws Exception {
        for (int i = 0; i < 2; i++) {
            WorkloadConfig config = Scenarios.config(new ClassInitScenario(), Map.of("init-ms", "150"), 4, 1,
                    SchedulerKind.POOL, ThreadKind.VIRTUAL);
            RecordedRun run = RecordedRun.start(config);
            assertTrue(run.await(10_000));
            assertEquals(4, run.summary().completed());
            assertTrue(run.summary().wallMillis() >= 140, "run " + i + " took " + run.summary().wallMillis() + " ms");
        }
    }

    /** JDK 24+ unmounts a thread in Object.wait: 8 waits of 100 ms on one carrier overlap (pinned they would take 800). */
    @Test
    void objectWaitOverlapsOnThisJdk() throws Exception {
        WorkloadConfig config = Scenarios.config(new ObjectWaitScenario(), Map.of(), null, null,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RecordedRun run = RecordedRun.start(config);
        assertTrue(run.await(10_000));
        assertEquals(8, run.summary().completed());
        if (Runtime.version().feature() >= 24) {
            assertTrue(run.summary().maxLockHolders() > 1, "object-wait's waits did not overlap: " + run.summary());
            long added = java.util.Arrays.stream(run.recording().carriers()).filter(CarrierLog::addedByPool).count();
            assertEquals(0, added, "carriers added by the pool");
        }
    }

    @Test
    void theSeedScenarioIsTheSeed() {
        WorkloadConfig viaScenario = Scenarios.config(new SeedScenario(), Map.of(), null, null,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        assertEquals(SeedScenario.config(), viaScenario);
        assertEquals("synchronized", SeedScenario.config().workloadName(), "a card calls a seed run by its lock mode");
        assertEquals("seed lock=synchronized cpu-iterations=10000 sleep-ms=5", SeedScenario.config().scenarioText());
        WorkloadConfig reentrant = SeedScenario.config().withParam(SeedScenario.LOCK, LockMode.REENTRANT_LOCK.cliName());
        assertEquals("reentrant-lock", reentrant.scenario().value("lock"));
        assertEquals(reentrant, Scenarios.config(new SeedScenario(), Map.of("lock", "reentrant-lock"), null, null,
                SchedulerKind.POOL, ThreadKind.VIRTUAL));
    }

    /** What each scenario says of its task is what the bounds, the summary and a saved run's header read. */
    @Test
    void eachScenarioStatesItsOwnTaskShapeAndLabel() {
        assertEquals(new TaskShape(10_000, 5, LockMode.SYNCHRONIZED, true, true), SeedScenario.config().shape());
        assertEquals(new TaskShape(0, 400, LockMode.SYNCHRONIZED, true, true), defaults("waves").shape());
        assertEquals(new TaskShape(10_000, 5, LockMode.NATIVE_FRAME, true, true), defaults("native-frame").shape());
        assertEquals(new TaskShape(0, 100, LockMode.SYNCHRONIZED, true, false), defaults("object-wait").shape());
        assertEquals(new TaskShape(0, 50, LockMode.SYNCHRONIZED, true, false), defaults("cart-service").shape());
        assertEquals(new TaskShape(0, 100, LockMode.NONE, false, false), defaults("class-init").shape());
        assertEquals(new TaskShape(0, 100, LockMode.SYNCHRONIZED, false, false), defaults("class-loader").shape());
        assertEquals(TaskShape.UNSTATED, defaults("file-io").shape(), "a scenario that states nothing asks nothing");
        assertEquals(TaskShape.UNSTATED, defaults("producer-consumer").shape());
        assertEquals("shared-synchronized", SeedScenario.config().withParam(SeedScenario.LOCK, "shared-synchronized")
                .workloadName());
        assertEquals("cart-service", defaults("cart-service").workloadName());
    }

    /** The seed's knobs are its parameters, but its own flags still name what they refuse, as they always did. */
    @Test
    void theSeedsFlagsKeepTheirNamesAndItsParamsTheirs() {
        var cpu = assertThrows(RunLimits.InvalidRunException.class, () -> SeedScenario.config(10, -1, 5, LockMode.NONE, 1,
                SchedulerKind.POOL, ThreadKind.VIRTUAL));
        assertEquals("--cpu-iterations must be 0..100,000,000, was -1", cpu.first().cliMessage());
        var threadsFirst = assertThrows(RunLimits.InvalidRunException.class, () -> SeedScenario.config(0, -1, -1, null, 1,
                SchedulerKind.POOL, ThreadKind.VIRTUAL));
        assertEquals(RunLimits.Field.THREADS, threadsFirst.first().field(), "in the order RunLimits checks a run");
        var param = assertThrows(RunLimits.InvalidRunException.class,
                () -> SeedScenario.config().withParam(SeedScenario.SLEEP, 60_001));
        assertEquals("--param sleep-ms must be 0..60,000, was 60,001", param.first().cliMessage());
    }

    private static WorkloadConfig defaults(String scenario) {
        return Scenarios.config(Scenarios.byName(scenario), Map.of(), null, null, SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    @Test
    void badParametersAreNamedInOneLine() {
        var unknown = assertThrows(RunLimits.InvalidRunException.class, () -> Scenarios.byName("nope"));
        assertEquals("--scenario must be one of " + Scenarios.names() + ", was 'nope'", unknown.first().cliMessage());
        var range = assertThrows(RunLimits.InvalidRunException.class, () -> Scenarios.config(new ObjectWaitScenario(),
                Map.of("wait-ms", "0"), null, null, SchedulerKind.POOL, ThreadKind.VIRTUAL));
        assertEquals("--param wait-ms must be 1..60,000, was 0", range.first().cliMessage());
        var notOne = assertThrows(RunLimits.InvalidRunException.class, () -> Scenarios.config(new WavesScenario(),
                Map.of("lock", "none"), null, null, SchedulerKind.POOL, ThreadKind.VIRTUAL));
        assertEquals("--param 'lock' is not a parameter of waves; it has: sleep-ms", notOne.first().cliMessage());
        var lock = assertThrows(RunLimits.InvalidRunException.class, () -> Scenarios.config(new SeedScenario(),
                Map.of("lock", "spin"), null, null, SchedulerKind.POOL, ThreadKind.VIRTUAL));
        assertFalse(lock.first().cliMessage().contains("\n"));
        assertTrue(lock.first().cliMessage().startsWith("--param lock must be one of none, "), lock.first().cliMessage());
    }

    static Map<String, String> parse(String params) {
        Map<String, String> map = new java.util.LinkedHashMap<>();
        for (String kv : params.split(",")) {
            int eq = kv.indexOf('=');
            map.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return map;
    }
}
