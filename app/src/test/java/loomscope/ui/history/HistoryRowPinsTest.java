package loomscope.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import loomscope.recording.RunSummary;
import loomscope.scenario.Scenarios;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import org.junit.jupiter.api.Test;

/** The history's pins: the unsure count goes beside the pinned one and survives naming the row's scenario. */
class HistoryRowPinsTest {

    private static RunSummary summary(long pinned) {
        return new RunSummary("25.0.3", "class-init", 2, 100, "pool", "virtual", 0, 0, 100, false, 50, 0.1, 0,
                0, 0, 200, pinned, (int) Math.max(0, pinned), 2, 0, 0);
    }

    @Test
    void pinsTextNamesUnsureMountsOnlyWhenThereAreSome() {
        assertEquals("12", new HistoryRow(1, summary(12)).pinsText());
        assertEquals("1,234 (3 unsure)", new HistoryRow(1, summary(1234)).withUnsureMounts(3).pinsText());
        assertEquals("n/a", new HistoryRow(1, summary(-1)).withUnsureMounts(3).pinsText(), "mounts not recorded");
    }

    @Test
    void theCountSurvivesNamingTheScenario() {
        var classInit = Scenarios.config(Scenarios.byName("class-init"), Map.of(), 100, 2, SchedulerKind.POOL,
                ThreadKind.VIRTUAL);
        HistoryRow row = new HistoryRow(1, summary(0), List.of(), false, null).withUnsureMounts(5).of(classInit);
        assertEquals(5, row.unsureMounts());
        assertEquals("0 (5 unsure)", row.pinsText());
    }
}
