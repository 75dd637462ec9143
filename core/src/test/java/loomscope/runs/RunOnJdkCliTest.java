package loomscope.runs;

import loomscope.jdks.LegacyLocking;
import loomscope.jdks.TestJdks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.cli.LoomScopeCli;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Test;

/** {@code run --jdk PATH [--jvm-arg ARG]...}: the same lines and JSON as an in-process run, from the child's recording. */
@TestsSideBySide
class RunOnJdkCliTest {

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LoomScopeCli.execute(args, new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, code, err::toString);
        return out.toString().split("\n");
    }

    @Test
    void seedLinesNameTheChildsJavaVersion() {
        String jdk21 = TestJdks.jdk21().home().toString();
        String[] lines = run("run", "--jdk", jdk21, "--threads", "200");
        assertTrue(lines[0].startsWith("Running with Java version: 21.0."), lines[0]);
        assertEquals("Launching 200 virtual threads...", lines[1]);
        assertEquals("All 200 tasks completed.", lines[3]);
        assertTrue(lines[5].contains("200 pinned mounts"), lines[5]);
        // the JDK's own word, from the child's JFR stream: every pinned mount has its event (a cold JDK 21 child may
        // pin a mount twice, once more in its first class loading: seen, 201 events for 200 mounts)
        java.util.regex.Matcher verified = java.util.regex.Pattern.compile(
                "Verified by the JDK: JFR (\\d+) pinned events, (\\d+) matched to recorded pinned mounts by time, "
                        + "0 recorded pinned mounts without an event").matcher(lines[7]);
        assertTrue(verified.lookingAt(), lines[7]);
        assertTrue(Integer.parseInt(verified.group(1)) >= 200, lines[7]);
        assertEquals(verified.group(1), verified.group(2), lines[7]);
    }

    @Test
    void jsonFromAChildWithFlagsOnThisRuntime() throws Exception {
        String[] lines = run("run", "--jvm-arg=" + LegacyLocking.FLAG, "--threads", "200", "--json");
        JsonNode json = new ObjectMapper().readTree(lines[0]);
        assertEquals(Runtime.version().toString(), json.get("jdkVersion").asText());
        assertEquals(200, json.get("completed").asInt());
        assertEquals(200, json.get("pinnedThreads").asInt(), "legacy locking pins synchronized on JDK 25");
        assertEquals(200, json.get("jfrPinnedEvents").asInt(), json.toString());
        assertEquals("[\"" + LegacyLocking.FLAG + "\"]", json.get("jvmFlags").toString(),
                "the flag travels with the run, so an export does not call it a JDK 25 run that pinned");
    }

    @Test
    void emptyJvmArgIsBadInput() {
        for (String bad : new String[] {"--jvm-arg=", "--jvm-arg= "}) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = LoomScopeCli.execute(new String[] {"run", bad, "--threads", "20"}, new PrintWriter(out), new PrintWriter(err));
            assertEquals(2, code, err::toString);
            String[] errLines = err.toString().strip().split("\n");
            assertEquals(1, errLines.length, err::toString);
            assertTrue(errLines[0].contains("--jvm-arg"), errLines[0]);
            assertEquals("", out.toString());
        }
    }

    @Test
    void gcLoggingFlagDoesNotBreakACliRun() throws Exception {
        String[] lines = run("run", "--jvm-arg=-Xlog:gc*", "--jvm-arg=-verbose:class", "--threads", "20",
                "--cpu-iterations", "0", "--sleep-ms", "1", "--json");
        JsonNode json = new ObjectMapper().readTree(lines[0]);
        assertEquals(20, json.get("completed").asInt(), json.toString());
    }

    @Test
    void unknownVmOptionIsNamedOnTheCli() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LoomScopeCli.execute(new String[] {"run", "--jvm-arg=-XX:+NoSuchOptionAnywhere", "--threads", "20"},
                new PrintWriter(out), new PrintWriter(err));
        assertEquals(2, code, err::toString);
        assertTrue(err.toString().contains("Unrecognized VM option 'NoSuchOptionAnywhere'"), err::toString);
    }
}
