package loomscope.ui.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.HistoryEntry;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

/** The timing panel's words without a window (#37): a real run's recording, read as the main window's model gives it. */
class TimingViewModelTest {
    private final AtomicReference<RunRecording> shown = new AtomicReference<>();
    private final AtomicReference<RunSummary> last = new AtomicReference<>();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final AtomicBoolean lowered = new AtomicBoolean();
    private final TimingViewModel model = new TimingViewModel(new TimingViewModel.Source(shown::get, finished::get,
            () -> last.get() == null ? 0 : last.get().wallMillis() / 1000, () -> last.get() == null ? 0 : last.get().completed(),
            last::get, lowered::get));

    private static RunRecording seedRun(int threads) throws InterruptedException {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(threads).withParallelism(2));
        assertTrue(run.await(60_000));
        return run.recording();
    }

    @Test
    void beforeAnyRunOnlyTheClockShows() {
        model.refresh(1_000_000_000L);
        assertEquals("0.000 s", model.wallProperty().get());
        assertEquals("-", model.throughputProperty().get());
        assertEquals("-", model.unpinnedProperty().get());
        assertEquals("", model.totalProperty().get());
        assertTrue(Double.isNaN(model.gaugePositionProperty().get()));
    }

    @Test
    void aFinishedSeedRunGetsTheSeedsLineAndItsPlaceBetweenTheBounds() throws InterruptedException {
        RunRecording r = seedRun(200);
        shown.set(r);
        last.set(RunSummary.of(r));
        finished.set(true);
        model.refresh(1_000_000_000L);
        assertTrue(model.totalProperty().get().matches("Total execution time: \\d+\\.\\d{3} seconds"), model.totalProperty().get());
        assertTrue(model.verdictProperty().get().matches("\\d+\\.\\d\\dx the unpinned bound, \\d+\\.\\d\\dx the pinned bound .*"),
                model.verdictProperty().get());
        assertTrue(model.unpinnedProperty().get().endsWith(" s") && model.pinnedProperty().get().endsWith(" s"));
        assertFalse(Double.isNaN(model.gaugePositionProperty().get()));
        assertFalse(model.loweredProperty().get());

        lowered.set(true);   // the window lowered its carriers: the time is marked, and the note stands under it
        shown.set(seedRun(50));
        last.set(RunSummary.of(shown.get()));
        model.refresh(1_000_000_001L);   // a run's end is taken up at once, not a tenth of a second later
        assertTrue(model.totalProperty().get().endsWith(" " + HistoryEntry.LOWERED_MARK), model.totalProperty().get());
        assertTrue(model.loweredProperty().get());
    }

    @Test
    void aStoppedRunClaimsNoRatioToItsBounds() throws InterruptedException {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(5_000));
        Thread.sleep(300);
        run.run().cancel();
        assertTrue(run.await(60_000));
        shown.set(run.recording());
        last.set(RunSummary.of(run.recording()));
        finished.set(true);
        model.refresh(1_000_000_000L);
        assertTrue(model.totalProperty().get().startsWith("Stopped after "), model.totalProperty().get());
        assertEquals("Stopped: no ratio to the bounds is claimed for a run that did not finish.", model.verdictProperty().get());
        assertTrue(Double.isNaN(model.gaugePositionProperty().get()));
    }
}
