package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.probe.HotSpotThreadDump;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandProbesTest {

    private record Result(int exit, String out, String err) { }

    private static Result cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = LoomScopeCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }

    @Test
    void jsonCarriesTheCrossCheckWhenAllProbesRun(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("run.jfr");
        Path dump = dir.resolve("dump.json");
        Result r = cli("run", "--threads", "200", "--lock", "native-frame", "--parallelism", "2", "--json",
                "--snapshot-rate", "10", "--save-jfr", jfr.toString(), "--thread-dump", dump.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals("all", json.get("probes").asText());
        int events = json.get("jfrPinnedEvents").asInt();
        assertTrue(Math.abs(events - 200) <= 2, r.out());
        assertTrue(json.get("jfrMatchedPinnedMounts").asInt() >= 198, r.out());
        assertTrue(json.get("jfrMatchedByCarrier").asBoolean(), r.out());
        assertTrue(json.get("snapshotAgreement").asDouble() >= 0.99, r.out());
        assertTrue(json.get("jfrLagMillisMedian").asDouble() > 0, "JFR's lag is measured, never zero: " + r.out());
        assertTrue(Files.size(jfr) > 0);
        assertTrue(HotSpotThreadDump.read(dump).threads().size() > 0, "the after-run dump parses");
    }

    @Test
    void noProbesMeansNullsNotZeros() throws Exception {
        Result r = cli("run", "--threads", "100", "--json", "--probes", "none");
        assertEquals(0, r.exit(), r.err());
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertEquals("none", json.get("probes").asText());
        assertTrue(json.get("snapshotAgreement").isNull());
        assertTrue(json.get("jfrPinnedEvents").isNull());
        assertTrue(json.get("jfrMatchedPinnedMounts").isNull());
        long unsure = json.get("unsureMounts").asLong(-1);
        assertTrue(unsure >= 0 && unsure <= json.get("mounts").asLong(), "the carriers' clocks' unsure mounts are counted: " + r.out());
    }

    @Test
    void humanOutputHasAVerifiedLine() {
        Result r = cli("run", "--threads", "100", "--probes", "snapshots");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("Verified by the JDK: snapshots ")), r.out());
    }

    @Test
    void badProbeOptionsAreRefusedInOneLine() {
        for (String[] args : new String[][] {
                {"run", "--probes", "everything"},
                {"run", "--snapshot-rate", "50"},
                {"run", "--snapshot-rate", "0"},
                {"run", "--probes", "snapshots", "--save-jfr", "x.jfr"},
                {"run", "--save-jfr", "/no/such/folder/x.jfr"}}) {
            Result r = cli(args);
            assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.out().isEmpty(), r.out());
        }
    }
}
