package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@TestsSideBySide
class CliInputTest {

    record Result(int exit, String out, String err) { }

    static Result cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = LoomScopeCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "run --lock foo                 | allowed: none, shared-synchronized, synchronized, reentrant-lock, native-frame",
            "run --parallelism 0            | parallelism must be 1..64",
            "run --parallelism 65           | parallelism must be 1..64",
            "run --threads -1               | threads must be 1..",
            "run --threads abc              | 'abc' is not an int",
            "run --sleep-ms -5              | --sleep-ms must be 0..",
            "run --scheduler fjp            | allowed: pool, default",
            "run --thread-kind green        | allowed: virtual, platform",
            "run --bogus                    | Unknown option",
            "bench --repeats 0              | --repeats: must be 1..100",
    })
    void badInputExitsTwoWithOneLineAndNoStackTrace(String args, String expected) {
        Result r = cli(args.trim().split("\\s+"));
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains(expected), "stderr: " + r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        assertFalse(r.err().contains("\tat "), "stack trace: " + r.err());
        assertEquals("", r.out());
    }

    @Test
    void runPrintsTheSeedLines() {
        Result r = cli("run", "--threads", "200");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("Running with Java version: " + Runtime.version()), r.out());
        assertTrue(r.out().contains("Launching 200 virtual threads..."), r.out());
        assertTrue(r.out().contains("All 200 tasks completed."), r.out());
        assertTrue(r.out().matches("(?s).*Total execution time: \\d+\\.\\d{3} seconds.*"), r.out());
    }

    @Test
    void jsonHasTheMeasuredFieldsAndBounds() throws Exception {
        Result r = cli("run", "--threads", "200", "--lock", "native-frame", "--parallelism", "2", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        for (String field : new String[] {"jdkVersion", "lock", "parallelism", "threads", "completed", "wallMillis",
                "cpuMillisPerTask", "boundPinnedMillis", "boundUnpinnedMillis", "pinnedMounts", "carriersUsed"}) {
            assertTrue(json.has(field), "missing " + field + " in " + r.out());
        }
        assertEquals("native-frame", json.get("lock").asText());
        assertEquals(200, json.get("completed").asInt());
        assertEquals(200, json.get("pinnedMounts").asInt());
        assertEquals(2, json.get("carriersUsed").asInt());
        double cpu = json.get("cpuMillisPerTask").asDouble();
        assertEquals(200 * (5 + cpu) / 2, json.get("boundPinnedMillis").asDouble(), 1e-6);
        assertEquals(200 * cpu / 2 + 5, json.get("boundUnpinnedMillis").asDouble(), 1e-6);
        assertTrue(json.get("wallMillis").asDouble() >= 0.9 * json.get("boundPinnedMillis").asDouble());
    }

    @Test
    void defaultSchedulerRunsButDoesNotClaimMounts() throws Exception {
        Result r = cli("run", "--threads", "200", "--scheduler", "default", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals(200, json.get("completed").asInt());
        assertEquals(-1, json.get("pinnedMounts").asInt());
    }

    @Test
    void platformThreadsRun() throws Exception {
        Result r = cli("run", "--threads", "100", "--thread-kind", "platform", "--json");
        assertEquals(0, r.exit(), r.err());
        assertEquals(100, new ObjectMapper().readTree(r.out()).get("completed").asInt());
    }
}
