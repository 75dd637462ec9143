package loomscope.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import loomscope.recording.MountClass;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.recording.UnsureRun;

/** The window's history of runs without a window: its numbering, the newest summary, and a row classed after its end. */
class RunHistoryTest {

    @Test
    void eachRunAndEachOpenedFileGetsTheNextNumberAndTheNewestSummaryIsTheLastRows() {
        RunHistory history = new RunHistory(Runnable::run);
        assertNull(history.lastRow());
        assertNull(history.lastSummaryProperty().get());
        assertFalse(history.lastRunLoweredCarriers(), "no run yet");

        RunRecording ran = UnsureRun.record();
        RunSummary ranSummary = RunSummary.of(ran);
        history.ran(ran, ranSummary, List.of("-Djdk.tracePinnedThreads=full"), true);
        HistoryRow first = history.lastRow();
        assertEquals(1, first.number());
        assertSame(ranSummary, first.summary());
        assertSame(ranSummary, history.lastSummaryProperty().get());
        assertEquals(List.of("-Djdk.tracePinnedThreads=full"), first.jvmFlags());
        assertNull(first.openedFrom(), "a run of the window, not a file");
        assertEquals(1, first.unsureMounts(), "counted from its recording");
        assertTrue(history.lastRunLoweredCarriers());

        RunRecording opened = UnsureRun.record(false);
        RunSummary openedSummary = RunSummary.of(opened);
        history.opened(opened, openedSummary, List.of(), false, "server.loomrun");
        assertEquals(2, history.rows().size());
        HistoryRow second = history.lastRow();
        assertEquals(2, second.number());
        assertEquals("server.loomrun", second.openedFrom());
        assertSame(openedSummary, history.lastSummaryProperty().get());
        assertEquals(0, second.unsureMounts());
        assertFalse(history.lastRunLoweredCarriers(), "the newest's carriers were not lowered");
        HistoryRow older = history.rows().get(0);
        assertEquals(1, older.number(), "an older row keeps its number and flags (its causes counted meanwhile)");
        assertEquals(first.jvmFlags(), older.jvmFlags());
        assertTrue(older.carriersLowered());
    }

    @Test
    void aRunClassedAfterItsEndIsTheNewestSummaryAndKeepsItsLoweredCarriers() {
        RunHistory history = new RunHistory(Runnable::run);
        RunRecording run = UnsureRun.record();   // carrier 1: a mount the clocks judged pinned
        history.ran(run, RunSummary.of(run), List.of(), true);
        history.pulse();
        HistoryRow before = history.lastRow();
        assertEquals(1, before.pinnedMounts());

        run.carriersByIndex()[1].reclass(1, MountClass.STALLED);   // the JDK's witness: a safepoint, not a pin
        run.markClassed();
        history.pulse();
        history.pulse();

        HistoryRow after = history.lastRow();
        assertEquals(1, history.rows().size(), "made again in place");
        assertNotSame(before, after);
        assertEquals(0, after.pinnedMounts());
        assertSame(after.summary(), history.lastSummaryProperty().get(), "the timing panel shows the classed summary");
        assertTrue(history.lastRunLoweredCarriers(), "still the run whose carriers were lowered");
    }
}
