package loomscope.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * What a scenario does differently it answers when asked (#48): whether it runs your code, what a person types for
 * it, the sizes of its sweep and its write-up's table. Nothing outside the scenarios decides these from its class.
 */
class ScenarioQuestionsTest {

    private static final Scenario YOURS = Scenarios.byName(TaskFileScenario.NAME);

    @Test
    void onlyYourCodeRunsYourCodeAndHasNothingToType() {
        assertTrue(YOURS.runsYourCode());
        assertEquals(List.of(), YOURS.typedParams());
        assertEquals(Map.of(TaskFileScenario.CLASS, "Shop", TaskFileScenario.CLASSES, ""), YOURS.yourCodeParams("Shop", ""));
        for (Scenario s : Scenarios.ALL) {
            assertFalse(s.runsYourCode(), s.name());
            assertEquals(s.params(), s.typedParams(), s.name());
            assertEquals(Map.of(), s.yourCodeParams("Shop", ""), s.name());
            assertFalse(ScenarioParams.defaults(s).runsYourCode(), s.name());
        }
    }

    @Test
    void aRunOfYourClassSaysSoThroughItsParameters() {
        WorkloadConfig config = TaskFileScenario.config("shop.Cart", Path.of("build"), 4, 1, SchedulerKind.POOL,
                ThreadKind.VIRTUAL);
        assertTrue(config.scenario().runsYourCode());
        assertEquals("shop.Cart", config.scenario().yourCodeClass());
        assertEquals(Path.of("build").toAbsolutePath().toString(), config.scenario().value(TaskFileScenario.CLASSES));
        assertFalse(SeedScenario.config().scenario().runsYourCode());
    }

    @Test
    void wavesAndPlatformVsVirtualNameTheirSweepsTheOthersNone() {
        assertEquals(new Scenario.Sweep("K threads", List.of(2, 4, 8, 11, 13, 16, 23, 25, 32)),
                Scenarios.byName("waves").sweep());
        assertEquals(new Scenario.Sweep("N threads", List.of(100, 1_000, 2_000, 5_000, 10_000)),
                Scenarios.byName("platform-vs-virtual").sweep());
        for (Scenario s : Scenarios.ALL) {
            if (!List.of("waves", "platform-vs-virtual").contains(s.name())) {
                assertNull(s.sweep(), s.name());
            }
        }
        assertNull(YOURS.sweep());
    }

    @Test
    void theWavesTableIsTheSeedsScaledByTheSleep() {
        Scenario waves = Scenarios.byName("waves");
        PublishedTable table = waves.publishedTable(new ScenarioParams(waves, Map.of("sleep-ms", "400")));
        assertEquals(18, table.rows().size());
        PublishedTable.Row k13 = table.rows().get(8);
        assertEquals("K=13 virtual", k13.label());
        assertEquals(13, k13.threads());
        assertEquals(ThreadKind.VIRTUAL, k13.kind());
        assertEquals(0.8, k13.figure(), 1e-9, "the second wave: 8 s of the seed's, at 400 / 4,000");
        assertEquals(0.4, table.rows().get(9).figure(), 1e-9, "platform: 4 s, scaled");
        assertEquals("s", table.unit());
    }

    @Test
    void producerConsumerRowsSetTheTasksAndCartServiceRowsTheConcurrency() {
        Scenario pc = Scenarios.byName("producer-consumer");
        PublishedTable rows = pc.publishedTable(ScenarioParams.defaults(pc));
        assertEquals(List.of("100000", "100000", "200000", "200000"),
                rows.rows().stream().map(r -> r.params().get("tasks")).toList());
        assertEquals(214_600, rows.rows().get(0).figure());
        assertEquals("tasks/s", rows.unit());

        Scenario cart = Scenarios.byName("cart-service");
        PublishedTable cartRows = cart.publishedTable(ScenarioParams.defaults(cart));
        assertEquals(List.of(100, 1_000, 10_000), cartRows.rows().stream().map(PublishedTable.Row::threads).toList());
        assertEquals(Runtime.version().feature() >= 24 ? 18.392 : 2.081, cartRows.rows().get(0).figure());
    }

    @Test
    void aScenarioWhoseWriteUpPublishedNoTableSaysSo() {
        for (String name : List.of("seed", "object-wait", "class-init", "class-loader", "file-io", "native-frame",
                "platform-vs-virtual")) {
            Scenario s = Scenarios.byName(name);
            assertNull(s.publishedTable(ScenarioParams.defaults(s)), name);
        }
        assertNotNull(Scenarios.byName("waves").publishedTable(ScenarioParams.defaults(Scenarios.byName("waves"))));
    }

    @Test
    void theScenariosBuiltOnTheSeedsTaskTakeTheTasksKeys() {
        for (String name : List.of("seed", "native-frame", "platform-vs-virtual")) {
            List<String> keys = Scenarios.byName(name).params().stream().map(ScenarioParam::name).toList();
            assertTrue(keys.containsAll(List.of(SeedTask.CPU, SeedTask.SLEEP)), name + ": " + keys);
        }
    }
}
