package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.AnimatedExport;
import loomscope.report.ApplicationRun;
import loomscope.report.CardSize;
import loomscope.report.ClipFormat;
import loomscope.report.ExportNames;
import loomscope.report.HistoryEntry;
import loomscope.report.HistoryTables;
import loomscope.report.RunsJson;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application's exports (issue #45): its runs.json says {@code source: "application"} and its {@code mainClass}, and
 * has none of what only LoomScope's own runs have; its CSV and Markdown rows say the same; its files and clip are named
 * by its main class. A seed run's JSON keeps every field it had.
 */
class ApplicationExportTest {
    private static final long MS = 1_000_000;

    private static RunRecording shop() {
        AttachedEpisodes e = new AttachedEpisodes();
        e.hello("25.0.3+9-LTS");
        e.identity(4242, "com.example.Shop");
        e.carrier(0, 0, "ForkJoinPool-1-worker-1");
        for (int vt = 0; vt < 3; vt++) {
            e.virtualThread(vt, 100 + vt, "request-" + vt);
            e.episode(0, vt, (10 + 10 * vt) * MS, (15 + 10 * vt) * MS, vt == 1 ? 5 * MS : 0, vt == 1);
        }
        e.heartbeat(60 * MS);
        return e.classified("com.example.Shop", Integer.MAX_VALUE, true).recording();
    }

    private static HistoryEntry entryOf(RunRecording r) {
        return HistoryEntry.finishedNow(RunSummary.of(r)).withApplication(ApplicationRun.of(r)).withSource(r.source());
    }

    @Test
    void anApplicationsRunsJsonHasItsSourceAndMainClassAndNothingThatDoesNotApply(@TempDir Path dir) throws Exception {
        RunRecording r = shop();
        HistoryEntry seed = HistoryEntry.finishedNow(RunSummary.of(RunRecording.forThisJvm(SeedScenario.config())))
                .withSource(RunRecording.forThisJvm(SeedScenario.config()).source());
        String lines = RunsJson.toJsonLines(List.of(entryOf(r), seed));
        List<JsonNode> nodes = lines.lines().map(l -> {
            try {
                return new ObjectMapper().readTree(l);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }).toList();
        JsonNode app = nodes.get(0);
        assertEquals("application", app.get("source").asText(), lines);
        assertEquals("com.example.Shop", app.get("mainClass").asText());
        for (String absent : List.of("lock", "completed", "cpuIterations", "boundPinnedMillis", "sleepMillis", "scheduler")) {
            assertFalse(app.has(absent), absent + " does not apply to an application: " + app);
        }
        assertEquals(3, app.get("mounts").asInt());
        JsonNode seedNode = nodes.get(1);
        assertEquals("scenario", seedNode.get("source").asText());
        assertFalse(seedNode.has("mainClass"));
        for (String kept : List.of("lock", "completed", "cpuIterations", "boundPinnedMillis")) {
            assertTrue(seedNode.has(kept), "the seed keeps " + kept);
        }

        Path file = Files.writeString(dir.resolve("runs.json"), lines);
        List<HistoryEntry> read = RunsJson.read(file);
        assertNotNull(read.get(0).application(), "read back as an application's run");
        assertEquals("com.example.Shop", read.get(0).application().mainClass());
        assertEquals("application", read.get(0).sourceName());
        assertEquals("scenario", read.get(1).sourceName());
        assertEquals(null, read.get(1).application());
        // written again, it says the same
        assertEquals(lines.lines().map(l -> l.replaceAll("\"finishedAt\":\"[^\"]*\",?", "")).toList(),
                RunsJson.toJsonLines(read).lines().map(l -> l.replaceAll("\"finishedAt\":\"[^\"]*\",?", "")).toList());
    }

    @Test
    void itsTablesNameTheApplicationAndLeaveOutWhatDoesNotApply() {
        RunRecording r = shop();
        String csv = HistoryTables.csv(List.of(entryOf(r)));
        List<String> rows = csv.lines().toList();
        assertTrue(rows.get(0).endsWith(",unsure_mounts,source,main_class"), rows.get(0));
        List<String> header = List.of(rows.get(0).split(","));
        List<String> cells = List.of(rows.get(1).split(",", -1));
        assertEquals("application", cells.get(header.indexOf("source")));
        assertEquals("com.example.Shop", cells.get(header.indexOf("main_class")));
        for (String absent : List.of("lock", "completed", "bound_pinned_s", "scheduler")) {
            assertEquals("", cells.get(header.indexOf(absent)), absent);
        }
        String md = HistoryTables.markdown(List.of(entryOf(r)));
        assertTrue(md.contains("| application | com.example.Shop |"), md);
        assertFalse(md.contains("task-file"), md);
        // a table of runs that do not say where they came from keeps its columns
        HistoryEntry unknown = HistoryEntry.finishedNow(RunSummary.of(r));
        assertTrue(HistoryTables.csv(List.of(unknown)).lines().findFirst().orElseThrow().endsWith(",unsure_mounts"));
    }

    @Test
    void itsFilesAndClipAreNamedByItsMainClass() {
        RunRecording r = shop();
        LocalDateTime when = LocalDateTime.of(2026, 11, 28, 20, 0, 0);
        ExportNames byEntry = ExportNames.of(when, entryOf(r));
        assertEquals("loomscope-2026-11-28-200000-Shop-runs.json", byEntry.runsJson());
        assertEquals("loomscope-2026-11-28-200000-Shop-replay-1280x720.gif",
                ExportNames.of(when, r).replay(CardSize.HD, ClipFormat.GIF));
        assertEquals("com.example.Shop: its carriers, mount by mount", AnimatedExport.defaultTitle(r));
        // a seed run's names are as they were
        HistoryEntry seed = HistoryEntry.finishedNow(RunSummary.of(RunRecording.forThisJvm(SeedScenario.config())));
        assertEquals(ExportNames.of(when, seed.summary().lock(), seed.summary().parallelism()).stem(),
                ExportNames.of(when, seed).stem());
    }
}
