package loomscope.ui.mainwindow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import loomscope.recording.UnsureRun;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.job.JobThreads;
import org.junit.jupiter.api.Test;

/** A run with an unsure mount joins the history with it counted beside its pinned mounts. */
class UnsureHistoryTest {

    @Test
    void anOpenedRunsUnsureMountIsCountedInItsHistoryRow() {
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        assertTrue(model.showOpened(UnsureRun.record(), List.of(), false, "unsure.loomrun"));
        HistoryRow row = model.history().get(model.history().size() - 1);
        assertEquals(1, row.unsureMounts());
        assertEquals("1 (1 unsure)", row.pinsText());
    }
}
