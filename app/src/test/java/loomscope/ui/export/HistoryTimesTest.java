package loomscope.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.recording.RunSummary;
import loomscope.report.HistoryEntry;
import loomscope.ui.history.HistoryRow;
import org.junit.jupiter.api.Test;

class HistoryTimesTest {

    private static RunSummary pinnedOn25() {
        return new RunSummary("25.0.3+9-LTS", "synchronized", 1, 100, "pool", "virtual", 10_000, 5, 100, false, 540,
                0.19, 5.2, 540, 24, 200, 100, 100, 1, 0, 1);
    }

    @Test
    void exportedEntriesKeepTheJvmFlagsTheRunRanWith() {
        ObservableList<HistoryRow> rows = FXCollections.observableArrayList();
        HistoryTimes times = new HistoryTimes(rows);
        rows.add(new HistoryRow(1, pinnedOn25(), List.of("-XX:LockingMode=1"), false));
        rows.add(new HistoryRow(2, pinnedOn25()));

        List<HistoryEntry> entries = times.entries();
        assertEquals(List.of("-XX:LockingMode=1"), entries.get(0).jvmFlags());
        assertEquals("JDK 25 + legacy locking · synchronized · P1 · N 100", entries.get(0).shortLabel());
        assertEquals(List.of(), entries.get(1).jvmFlags());
        assertNotNull(entries.get(1).finishedAt(), "a run added while the window watches has its end time");
    }
}
