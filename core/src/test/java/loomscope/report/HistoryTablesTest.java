package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class HistoryTablesTest {

    @Test
    void csvHasAHeaderAndOneRowPerRunWithTheMeasuredTime() {
        String csv = HistoryTables.csv(List.of(Runs.jdk21(), Runs.jep491()));
        List<String> lines = csv.lines().toList();
        assertEquals(3, lines.size());
        assertTrue(lines.get(0).startsWith("finished_at,jdk,lock,parallelism,threads,"));
        assertEquals("2026-11-22T08:15:30Z,21.0.8,synchronized,1,5000,virtual,pool,5000,false,27.205,5000,10000,1,0.955,27.000,21.0.8+9-LTS,,false,0",
                lines.get(1));
        assertTrue(lines.get(2).contains(",0.853,0,"), lines.get(2));
    }

    @Test
    void csvQuotesFieldsThatWouldBreakTheRow() {
        HistoryEntry odd = Runs.entry("25, \"custom\" build", "synchronized", 1, 10, 5, 0);
        String row = HistoryTables.csv(List.of(odd)).lines().toList().get(1);
        assertTrue(row.endsWith(",\"25, \"\"custom\"\" build\",,false,0"), row);
    }

    @Test
    void unrecordedCountsAreEmptyNotMinusOne() {
        HistoryEntry unknown = Runs.entry("25.0.3", "synchronized", 1, 100, 50, -1);
        assertEquals(HistoryEntry.Pinning.NOT_RECORDED, unknown.pinning());
        String row = HistoryTables.csv(List.of(unknown)).lines().toList().get(1);
        assertTrue(row.contains(",0.050,,"), row);
    }

    @Test
    void markdownIsATableWithNumberedRowsAndEscapedPipes() {
        String md = HistoryTables.markdown(List.of(Runs.sharedLock(), Runs.entry("25|x", "none", 2, 10, 5, 0)));
        List<String> lines = md.lines().toList();
        assertEquals(4, lines.size());
        assertTrue(lines.get(0).startsWith("| # | finished | JDK | lock | P | N |"));
        assertTrue(lines.get(1).startsWith("|---:|---|"));
        assertTrue(lines.get(2).startsWith("| 1 | 2026-11-22T08:15:30Z | 25.0.3 | shared-synchronized | 1 | 5000 |"), lines.get(2));
        assertTrue(lines.get(3).contains("| 25\\|x |"), lines.get(3));
        long cells = lines.get(0).chars().filter(c -> c == '|').count();
        for (String line : lines) {
            assertEquals(cells, line.replace("\\|", "").chars().filter(c -> c == '|').count(), line);
        }
    }

    @Test
    void aJdkVersionWithLineBreaksAndControlCharactersKeepsEveryRowOneLine() {
        HistoryEntry odd = Runs.entry("25.0.1\n| 1 | forged row |\r\u001b[31m\u2028end", "none", 2, 10, 5, 0);
        List<String> md = HistoryTables.markdown(List.of(Runs.sharedLock(), odd)).lines().toList();
        assertEquals(4, md.size(), String.join("\n", md));
        long cells = md.get(0).chars().filter(c -> c == '|').count();
        for (String line : md) {
            assertEquals(cells, line.replace("\\|", "").chars().filter(c -> c == '|').count(), line);
        }
        assertTrue(md.get(3).contains("25.0.1\\x0A\\| 1 \\| forged row \\|\\x0D\\x1B[31m\\u2028end"), md.get(3));
        List<String> csv = HistoryTables.csv(List.of(odd)).lines().toList();
        assertEquals(2, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(1).contains(",25.0.1\\x0A| 1 | forged row |\\x0D\\x1B[31m\\u2028end,"), csv.get(1));
    }

    @Test
    void barLabelsNameASleepOtherThanTheSeeds() {
        assertEquals("JDK 25 · synchronized · P1 · N 5,000", Runs.jep491().shortLabel());
        var s = Runs.jep491().summary();
        var waves = new loomscope.recording.RunSummary(s.jdkVersion(), "native-frame", 4, 16, "pool", "virtual", 10_000, 1000,
                16, false, 4030, 0.2, 1000, 4000, 1000, 16, 16, 16, 4, 0, 4);
        assertEquals("JDK 25 · native-frame · P4 · N 16 · sleep 1,000 ms", new HistoryEntry(waves, null).shortLabel());
    }

    @Test
    void aLegacyLockingRunSaysSoInItsLabelItsCsvRowAndItsMarkdownRow() {
        // -XX:LockingMode=1 makes JDK 25 pin like JDK 21: without the flag the row would contradict JEP 491
        HistoryEntry legacy = new HistoryEntry(Runs.jdk21().summary(), null, List.of("-XX:LockingMode=1"));
        HistoryEntry legacy25 = new HistoryEntry(Runs.entry("25.0.3+9-LTS", "synchronized", 1, 5000, 26_560, 5000).summary(),
                null, List.of("-XX:LockingMode=1"));
        assertEquals("JDK 25 + legacy locking · synchronized · P1 · N 5,000", legacy25.shortLabel());
        assertEquals("JDK 25 + legacy locking", legacy25.jdkName());
        assertEquals("25.0.3 + legacy locking", legacy25.jdkDetail());
        List<String> csv = HistoryTables.csv(List.of(Runs.jep491(), legacy25)).lines().toList();
        assertTrue(csv.get(0).endsWith(",jdk_version,jvm_flags,carriers_lowered,unsure_mounts"), csv.get(0));
        assertTrue(csv.get(1).endsWith(",25.0.3+9-LTS,,false,0"), "a plain run has no flags: " + csv.get(1));
        assertTrue(csv.get(2).endsWith(",25.0.3+9-LTS,legacy locking (-XX:LockingMode=1),false,0"), csv.get(2));
        String md = HistoryTables.markdown(List.of(legacy25));
        assertTrue(md.lines().toList().get(2).endsWith("| legacy locking (-XX:LockingMode=1) | false | 0 |"), md);
        assertEquals("JDK 21 -Xint · synchronized · P1 · N 5,000",
                new HistoryEntry(legacy.summary(), null, List.of("-Xint")).shortLabel(), "other flags are named as given");
    }

    /** The window lowers its carriers when P ≥ cores: such a run's time is not the CLI's, and the exports say so. */
    @Test
    void aRunWhoseCarriersWereLoweredSaysSoInItsCsvAndMarkdownRows() {
        HistoryEntry lowered = new HistoryEntry(Runs.entry("25.0.3+9-LTS", "synchronized", 16, 5000, 812, 0).summary(),
                null, List.of(), true);
        List<String> csv = HistoryTables.csv(List.of(Runs.jep491(), lowered)).lines().toList();
        assertTrue(csv.get(1).endsWith(",false,0"), csv.get(1));
        assertTrue(csv.get(2).endsWith(",true,0"), csv.get(2));
        String md = HistoryTables.markdown(List.of(lowered));
        assertTrue(md.lines().toList().get(0).endsWith("| carriers lowered | unsure mounts |"), md);
        assertTrue(md.lines().toList().get(2).endsWith("| true | 0 |"), md);
    }

    @Test
    void timesReadTheWayPeopleSayThem() {
        assertEquals("0.85 s", TimeText.seconds(853));
        assertEquals("9.99 s", TimeText.seconds(9_990));
        assertEquals("10.0 s", TimeText.seconds(9_996));
        assertEquals("27.4 s", TimeText.seconds(27_412));
        assertEquals("128 s", TimeText.seconds(128_400));
        assertEquals("25.0.3", TimeText.jdk("25.0.3+9-LTS"));
        assertEquals("21", TimeText.jdkFeature("21.0.8+9-LTS"));
        assertEquals("26-ea", TimeText.jdk("26-ea+3"));
    }
}
