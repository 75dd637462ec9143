package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import org.junit.jupiter.api.Test;

/** {@code scenarios} and {@code run --scenario}: what they print. Bad input is in {@link BadInputSuiteTest}. */
class ScenarioCliTest {

    @Test
    void scenariosListsEachWithItsSeedAuthor() {
        CliInputTest.Result r = CliInputTest.cli("scenarios");
        assertEquals(0, r.exit(), r.err());
        for (Scenario s : Scenarios.ALL) {
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith(s.name() + " ") && l.contains(s.source().author())),
                    s.name() + " missing: " + r.out());
        }
        CliInputTest.Result verbose = CliInputTest.cli("scenarios", "--verbose");
        assertTrue(verbose.out().contains("--param wait-ms=100 (1..60,000)"), verbose.out());
        assertTrue(verbose.out().contains("published: throughput ops/s: JDK 21 2.081 / 0.214 / 0.023"), verbose.out());
    }

    @Test
    void runAScenarioAsJsonNamesItAndItsParameters() throws Exception {
        CliInputTest.Result r = CliInputTest.cli("run", "--scenario", "cart-service", "--param", "api-ms=10",
                "--threads", "20", "--probes", "none", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals("cart-service", json.get("scenario").asText());
        assertEquals("10", json.get("params").get("api-ms").asText());
        assertEquals(20, json.get("completed").asInt());
        assertEquals(10, json.get("parallelism").asInt(), "the scenario's default parallelism");
        assertEquals("ops/s", json.get("rateUnit").asText());
        // cards, file names and chart labels call a run what ran: not the seed's lock field of another scenario
        assertEquals("cart-service", json.get("lock").asText());
    }

    @Test
    void runAScenarioPrintsTheSeedsLinesWithTheScenarioNamed() {
        CliInputTest.Result r = CliInputTest.cli("run", "--scenario", "object-wait", "--param", "wait-ms=20",
                "--probes", "none");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Scenario object-wait wait-ms=20: "), r.out());
        assertTrue(r.out().contains("All 8 tasks completed."), r.out());
        assertTrue(r.out().contains("Scenario object-wait, parallelism 1, pool scheduler: "), r.out());
    }

    @Test
    void theSeedByNameIsTheSeed() {
        CliInputTest.Result r = CliInputTest.cli("run", "--scenario", "seed", "--param", "lock=reentrant-lock",
                "--threads", "50", "--cpu-iterations", "100", "--probes", "none");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Each thread does CPU work (100 iterations), then acquires lock and blocks for 5 ms."), r.out());
        assertTrue(r.out().contains("Lock reentrant-lock, parallelism 1"), r.out());
    }

    @Test
    void benchAScenarioPrintsTheSeedsTableWithOurFiguresAndTheRatio() {
        CliInputTest.Result r = CliInputTest.cli("bench", "--scenario", "cart-service", "--param", "api-ms=5",
                "--parallelism", "4", "--repeats", "1");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("| concurrency | threads | P | median ops/s | min | max | seed | ours / seed |"), r.out());
        for (String row : new String[] {"| concurrency 100 | 100 | 4 |", "| concurrency 1,000 | 1,000 | 4 |",
                "| concurrency 10,000 | 10,000 | 4 |"}) {
            assertTrue(r.out().contains(row), row + " missing: " + r.out());
        }
        CliInputTest.Result seedOnly = CliInputTest.cli("bench", "--scenario", "waves", "--modes", "synchronized");
        assertEquals(2, seedOnly.exit(), seedOnly.out());
        assertTrue(seedOnly.err().contains("--modes"), seedOnly.err());
    }

    @Test
    void aParameterValueWithALineBreakOrAnEscapeIsShownOnOneLine() {
        CliInputTest.Result r = CliInputTest.cli("run", "--scenario", "waves", "--param", "sleep-ms=3\n4\u001b[2J");
        assertEquals(2, r.exit(), r.err());
        assertEquals("loomscope: --param sleep-ms must be a whole number 1..60,000, was '3\\n4\\x1B[2J'", r.err().strip());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void aPathWithALineBreakKeepsItsReasonOnOneLine() {
        // "loomscope: --from: /x/e" was all that was left of "/x/e\nmpty.loomrun: no such file", the escape went raw
        CliInputTest.Result r = CliInputTest.cli("export", "--from", "/nonexistent/e\nmpty\u001b[2J.loomrun");
        assertEquals(2, r.exit(), r.err());
        assertEquals("loomscope: --from: no such file: /nonexistent/e\\nmpty\\x1B[2J.loomrun", r.err().strip());
        CliInputTest.Result lock = CliInputTest.cli("run", "--lock", "sync\nhronized");
        assertEquals(2, lock.exit(), lock.err());
        assertEquals(1, lock.err().strip().lines().count(), lock.err());
        assertTrue(lock.err().contains("'sync\\nhronized'"), lock.err());
    }
}
