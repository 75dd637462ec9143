package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.scenario.ScenarioParam;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;

/**
 * A lock mode is one constant in {@link LockMode}, with its section: this test defines one of its own (a
 * semaphore per task), touches nothing else, and the seed's lock parameter, the CLI's {@code --lock} and
 * {@code --param lock=} and the seed's task all take it.
 */
class NewLockModeTest {

    /** How many times the test mode's section ran: proof that the seed's task entered it. */
    private static final AtomicInteger HOLDS = new AtomicInteger();

    private static final LockMode SEMAPHORE = new LockMode("TEST_SEMAPHORE", "test-semaphore",
            "A Semaphore per task: a mode only this test defines.", "Never pins: a semaphore parks the virtual thread.",
            "Sleep inside a Semaphore, a permit per task", 21) {
        @Override
        public boolean hold(BooleanSupplier inside) {
            HOLDS.incrementAndGet();
            Semaphore permit = new Semaphore(1);
            permit.acquireUninterruptibly();
            try {
                return inside.getAsBoolean();
            } finally {
                permit.release();
            }
        }
    };

    @Test
    void theSeedsLockParameterListsARegisteredModeAfterTheBuiltInOnes() {
        try (LockMode.Registration added = LockMode.register(SEMAPHORE)) {
            ScenarioParam.Choice lock = (ScenarioParam.Choice) Scenarios.DEFAULT.params().get(0);
            assertEquals(SeedScenario.LOCK, lock.name());
            assertEquals("test-semaphore", lock.allowed().getLast(), lock.allowedText());
            assertEquals(LockMode.values().size(), lock.allowed().size());
            ScenarioParams params = new ScenarioParams(Scenarios.DEFAULT, Map.of(SeedScenario.LOCK, "Test-Semaphore"));
            assertEquals("test-semaphore", params.value(SeedScenario.LOCK), "checked and made canonical like any choice");
            assertEquals(SEMAPHORE, params.shape().lockMode());
            assertEquals(5, SEMAPHORE.ordinal(), "after the five built-in modes");
        }
        assertFalse(LockMode.allowedNames().contains("test-semaphore"), "closing the registration takes it off");
        assertEquals(5, LockMode.values().size());
    }

    @Test
    void theSeedRunsInTheNewModeInProcess() throws Exception {
        try (LockMode.Registration added = LockMode.register(SEMAPHORE)) {
            HOLDS.set(0);
            RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(20).withParallelism(2)
                    .withParam(SeedScenario.LOCK, "test-semaphore").withParam(SeedScenario.CPU, 100)
                    .withParam(SeedScenario.SLEEP, 1));
            assertTrue(run.await(60_000), "the run ended");
            RunRecording recording = run.recording();
            assertEquals(20, recording.threads());
            assertEquals(20, recording.completedAtEnd(), "every task slept its sleep in the new section");
            assertEquals("test-semaphore", run.summary().lock(), "a seed run is called by its lock mode");
            assertEquals(20, HOLDS.get(), "each task entered the new mode's section once");
        }
    }

    @Test
    void theCliTakesTheNewModeByItsOwnOptionAndByParam() {
        try (LockMode.Registration added = LockMode.register(SEMAPHORE)) {
            CliInputTest.Result byOption = CliInputTest.cli("run", "--lock", "test-semaphore", "--threads", "20",
                    "--cpu-iterations", "100", "--sleep-ms", "1", "--probes", "none");
            assertEquals(0, byOption.exit(), byOption.err());
            assertTrue(byOption.out().contains("All 20 tasks completed."), byOption.out());
            assertTrue(byOption.out().contains("Lock test-semaphore, parallelism 1"), byOption.out());

            CliInputTest.Result byParam = CliInputTest.cli("run", "--param", "lock=test-semaphore", "--threads", "20",
                    "--param", "cpu-iterations=100", "--param", "sleep-ms=1", "--probes", "none");
            assertEquals(0, byParam.exit(), byParam.err());
            assertTrue(byParam.out().contains("Lock test-semaphore, parallelism 1"), byParam.out());

            CliInputTest.Result refused = CliInputTest.cli("run", "--lock", "warp");
            assertEquals(2, refused.exit(), refused.err());
            assertTrue(refused.err().contains("allowed: none, shared-synchronized, synchronized, reentrant-lock, "
                    + "native-frame, test-semaphore"), refused.err());
            assertEquals(1, refused.err().strip().lines().count(), "one line: " + refused.err());
        }
    }
}
