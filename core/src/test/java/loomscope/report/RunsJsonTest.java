package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunsJsonTest {

    @TempDir
    Path dir;

    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void readsOneObjectPerLineAsRunPrintsThem() throws Exception {
        String lines = mapper.writeValueAsString(Runs.jdk21().summary()) + "\n"
                + mapper.writeValueAsString(Runs.jep491().summary()).replace("{", "{\"ratioToBoundPinned\":0.03,") + "\n";
        List<HistoryEntry> runs = RunsJson.read(Files.writeString(dir.resolve("runs.json"), lines));
        assertEquals(2, runs.size());
        assertEquals(Runs.jdk21().summary(), runs.get(0).summary());
        assertEquals(853, runs.get(1).summary().wallMillis());
        assertNull(runs.get(0).finishedAt());
    }

    @Test
    void readsAnArrayAndKeepsFinishedAt() throws Exception {
        String json = "[{\"jdkVersion\":\"21.0.8\",\"lock\":\"synchronized\",\"parallelism\":1,\"threads\":5000,"
                + "\"wallMillis\":27205.0,\"finishedAt\":\"2026-11-22T08:00:00Z\"}]";
        HistoryEntry run = RunsJson.read(Files.writeString(dir.resolve("a.json"), json)).get(0);
        assertEquals(Instant.parse("2026-11-22T08:00:00Z"), run.finishedAt());
        assertEquals(-1, run.summary().pinnedMounts(), "absent counts are unknown, not zero");
        assertEquals(5000, run.summary().completed());
    }

    @Test
    void jvmFlagsSurviveTheRoundTripAndPlainRunsWriteNone() throws Exception {
        HistoryEntry legacy = new HistoryEntry(Runs.jep491().summary(), Instant.parse("2026-11-22T08:00:00Z"),
                List.of("-XX:LockingMode=1"));
        String lines = RunsJson.toJsonLines(List.of(legacy, Runs.jep491()));
        assertTrue(lines.lines().toList().get(0).contains("\"jvmFlags\":[\"-XX:LockingMode=1\"]"), lines);
        assertTrue(!lines.lines().toList().get(1).contains("jvmFlags"), lines);
        List<HistoryEntry> back = RunsJson.read(Files.writeString(dir.resolve("flags.json"), lines));
        assertEquals(legacy, back.get(0));
        assertEquals(List.of(), back.get(1).jvmFlags());
        assertEquals("JDK 25 + legacy locking · synchronized · P1 · N 5,000", back.get(0).shortLabel());
        assertMessage("{\"jdkVersion\":\"25\",\"lock\":\"synchronized\",\"parallelism\":1,\"threads\":1,"
                + "\"wallMillis\":1.0,\"jvmFlags\":\"-XX:LockingMode=1\"}", "run 1: \"jvmFlags\" must be a list, was \"-XX:LockingMode=1\"");
    }

    @Test
    void aLoweredRunSurvivesTheRoundTripAndOthersWriteNothingForIt() throws Exception {
        HistoryEntry lowered = new HistoryEntry(Runs.jep491().summary(), Instant.parse("2026-11-22T08:00:00Z"), List.of(), true);
        String lines = RunsJson.toJsonLines(List.of(lowered, Runs.jep491()));
        assertTrue(lines.lines().toList().get(0).contains("\"carriersLowered\":true"), lines);
        assertTrue(!lines.lines().toList().get(1).contains("carriersLowered"), lines);
        List<HistoryEntry> back = RunsJson.read(Files.writeString(dir.resolve("lowered.json"), lines));
        assertEquals(lowered, back.get(0));
        assertTrue(!back.get(1).carriersLowered());
        assertMessage("{\"jdkVersion\":\"25\",\"lock\":\"synchronized\",\"parallelism\":1,\"threads\":1,"
                + "\"wallMillis\":1.0,\"carriersLowered\":\"yes\"}", "run 1: \"carriersLowered\" must be true or false, was \"yes\"");
        Path nullMeansAbsent = Files.writeString(dir.resolve("null.json"), "{\"jdkVersion\":\"25\",\"lock\":\"synchronized\","
                + "\"parallelism\":1,\"threads\":1,\"wallMillis\":1.0,\"carriersLowered\":null,\"finishedAt\":null}");
        assertTrue(!RunsJson.read(nullMeansAbsent).get(0).carriersLowered(), "null reads as absent, like finishedAt");
    }

    @Test
    void brokenFilesAreExplainedInOneLine() throws Exception {
        assertMessage("{\"lock\":\"synchronized\"}", "run 1 has no \"jdkVersion\"");
        assertMessage("[1, 2]", "run 1 is not a JSON object");
        assertMessage("{\"jdkVersion\": ", "is not the JSON that `loomscope run --json` writes");
        assertMessage("", "holds no runs");
        IOException missing = assertThrows(IOException.class, () -> RunsJson.read(dir.resolve("nope.json")));
        assertTrue(missing.getMessage().startsWith("no such file: "));
    }

    @Test
    void aMistypedFieldIsNamedWithItsRunAndValue() throws Exception {
        String good = mapper.writeValueAsString(Runs.jdk21().summary());
        String bad = good.replaceFirst("\"wallMillis\":[0-9.E]+", "\"wallMillis\":\"abc\"");
        assertTrue(!bad.equals(good), good);
        assertMessage(good + "\n" + good + "\n" + bad, "bad.json: run 3: \"wallMillis\" must be a number, was \"abc\"");
        assertMessage(good.replace("{", "{\"jvmFlags\":[\"-Xint\",7],"), "run 1: \"jvmFlags[1]\" must be text, was 7");
        assertMessage(good.replace("{", "{\"threads\":1.5,").replaceFirst(",\"threads\":[0-9]+", ""),
                "run 1: \"threads\" must be a whole number, was 1.5");
        assertMessage(good.replaceFirst("\"jdkVersion\":\"[^\"]*\"", "\"jdkVersion\":null"), "run 1: \"jdkVersion\" must be text, was null");
        assertMessage(good.replace("{", "{\"wallMilis\":1,"), "run 1: unknown field \"wallMilis\"");
    }

    /** #36: the exported runs.json has what run --json prints of the causes: captured, stalled and the sites. */
    @Test
    void causesAndSitesSurviveTheRoundTrip() throws Exception {
        HeldCauses held = new HeldCauses(50, 2, List.of(
                new loomscope.probe.CauseReport.Site("app.Routes.pipe:41", "captured", "file read /proc/self/fd/5", 50, 612.5, 30.25),
                new loomscope.probe.CauseReport.Site("app.Routes.nativeSleep:28", "pinned", null, 12, 240, 20),
                new loomscope.probe.CauseReport.Site("app.Routes.reply:9", "captured", "socket write", 9, 20, 3, List.of(
                        new loomscope.probe.CauseReport.Reason("socket write", 7, List.of("socket write 10.0.0.1:5001",
                                "socket write 10.0.0.1:5002")),
                        new loomscope.probe.CauseReport.Reason("socket read", 2, List.of("socket read db:5432")))),
                new loomscope.probe.CauseReport.Site("app.Prices.<clinit>:3", "unsure", "held in Java code", 2, 11, 6)));
        HistoryEntry run = Runs.jep491().withHeld(held);
        String lines = RunsJson.toJsonLines(List.of(run, Runs.jdk21()));
        String first = lines.lines().toList().get(0);
        assertTrue(first.contains("\"capturedMounts\":50") && first.contains("\"stalledMounts\":2")
                && first.contains("\"frame\":\"app.Routes.pipe:41\""), first);
        assertTrue(!lines.lines().toList().get(1).contains("capturedMounts"), "not known: not written");
        List<HistoryEntry> back = RunsJson.read(Files.writeString(dir.resolve("held.json"), lines));
        assertEquals(held, back.get(0).held());
        assertNull(back.get(1).held());
    }

    /** A runs file written before sites counted their reasons: each site's one reason stands for all its mounts. */
    @Test
    void aSiteWithoutReasonsReadsAsItsOneReason() throws Exception {
        String json = mapper.writeValueAsString(Runs.jep491().summary()).replace("{", "{\"capturedMounts\":3,\"stalledMounts\":0,"
                + "\"sites\":[{\"frame\":\"a.B.c:1\",\"kind\":\"captured\",\"reason\":\"socket write h:1\",\"count\":3,"
                + "\"heldMillis\":3,\"longestMillis\":1}],");
        HistoryEntry run = RunsJson.read(Files.writeString(dir.resolve("older.json"), json)).get(0);
        loomscope.probe.CauseReport.Site site = run.held().sites().get(0);
        assertEquals("socket write h:1", site.reason());
        assertEquals(List.of(new loomscope.probe.CauseReport.Reason("socket write h:1", 3, List.of())), site.reasons());
    }

    /** What run --json prints of a classed run (causesClassified, sites, a task file's throws) reads back. */
    @Test
    void aClassedRunsJsonReadsBack() throws Exception {
        String json = mapper.writeValueAsString(Runs.jep491().summary()).replace("{", "{\"causesClassified\":true,"
                + "\"capturedMounts\":0,\"stalledMounts\":0,\"sites\":[],\"tasksThrew\":0,");
        HistoryEntry run = RunsJson.read(Files.writeString(dir.resolve("classed.json"), json)).get(0);
        assertEquals(new HeldCauses(0, 0, List.of()), run.held());
    }

    @Test
    void impossibleCausesAreRefusedInOneLine() throws Exception {
        String summary = "{\"jdkVersion\":\"25\",\"lock\":\"synchronized\",\"parallelism\":1,\"threads\":10,\"mounts\":20,"
                + "\"wallMillis\":1.0,";
        assertMessage(summary + "\"capturedMounts\":-3}", "must be counts of its 20 mounts, not -3");
        assertMessage(summary + "\"stalledMounts\":21}", "must be counts of its 20 mounts, not 21");
        assertMessage(summary + "\"sites\":[{\"frame\":\"a.B.c:1\",\"kind\":\"stalled\",\"count\":1,"
                + "\"heldMillis\":1,\"longestMillis\":1}]}", "a site's kind is \"pinned\", \"captured\" or \"unsure\"");
        assertMessage(summary + "\"sites\":[{\"frame\":\"a.B.c:1\",\"kind\":\"pinned\",\"count\":1,"
                + "\"heldMillis\":1,\"longestMillis\":1,\"reasons\":[{\"reason\":\"x\",\"count\":2}]}]}", "impossible count");
        assertMessage(summary + "\"sites\":[{\"frame\":\"a.B.c:1\",\"kind\":\"pinned\",\"count\":1,"
                + "\"heldMillis\":1,\"longestMillis\":5}]}", "impossible counts or times");
        assertMessage(summary + "\"sites\":[{\"frame\":\"" + "x".repeat(5000) + "\",\"kind\":\"pinned\",\"count\":1,"
                + "\"heldMillis\":1,\"longestMillis\":1}]}", "a site needs a frame");
        assertMessage(summary + "\"sites\":\"many\"}", "sites");
    }

    private void assertMessage(String content, String expected) throws IOException {
        Path file = Files.writeString(dir.resolve("bad.json"), content);
        IOException e = assertThrows(IOException.class, () -> RunsJson.read(file));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
}
