package loomscope.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.recording.UnsureRun;
import loomscope.report.HeldCauses;
import org.junit.jupiter.api.Test;

/**
 * The JDK's witnesses class a run's held mounts after its end: its history row (and so its card and the exported
 * runs.json) then says what the recording says, in place, and a replaced row is not a new run.
 */
class ClassedRowTest {

    @Test
    void aRowIsMadeAgainWhenItsRunIsClassedAfterItsEnd() {
        RunRecording run = UnsureRun.record();   // carrier 0: an unsure mount; carrier 1: a mount the clocks judged pinned
        ObservableList<HistoryRow> history = FXCollections.observableArrayList();
        List<HistoryRow> newRuns = new ArrayList<>();
        int[] madeAgain = {0};
        history.addListener((ListChangeListener<HistoryRow>) c -> {
            madeAgain[0] += HistoryChanges.madeAgain(c) ? 1 : 0;
            newRuns.addAll(HistoryChanges.newRuns(c));
        });
        history.add(new HistoryRow(1, RunSummary.of(run)).withUnsureMounts(RunSummary.unsureMounts(run)));
        assertEquals(1, newRuns.size());
        AtomicReference<RunSummary> shown = new AtomicReference<>();
        ClassedRow classed = new ClassedRow(Runnable::run, history, shown::set);

        classed.watch(1, run);
        classed.pulse();
        assertEquals(new HeldCauses(0, 0, List.of()), history.get(0).held(), "counted as soon as it is watched");
        assertEquals(1, history.get(0).pinnedMounts());
        assertEquals(1, history.get(0).unsureMounts());

        // the witnesses speak: the unsure mount read a pipe, the "pinned" one was a safepoint
        long start = run.carriersByIndex()[0].start(0);
        run.carriersByIndex()[0].reclass(0, MountClass.CAPTURED);
        run.setWhy(0, 0, new MountWhy(MountClass.CAPTURED, "file read /proc/self/fd/5", List.of("app.T.read(T.java:3)"),
                start, "app.T.read:3", 59 * UnsureRun.MS));
        run.carriersByIndex()[1].reclass(1, MountClass.STALLED);
        run.markClassed();
        classed.pulse();
        classed.pulse();

        HistoryRow row = history.get(0);
        assertEquals(1, history.size());
        assertEquals(0, row.pinnedMounts(), "no longer pinned: the JDK did not call it a pin");
        assertEquals(0, row.unsureMounts());
        assertEquals(1, row.held().captured());
        assertEquals(1, row.held().stalled());
        assertEquals("app.T.read:3", row.held().sites().get(0).frame());
        assertSame(row.summary(), shown.get(), "the timing panel shows the classed summary");
        assertEquals(1, newRuns.size(), "made again in place: not a second run");
        assertTrue(madeAgain[0] >= 1);

        classed.pulse();
        assertSame(row, history.get(0), "nothing classed anew: not made again");
    }
}
