package loomscope.ui.savedruns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunState;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;

/** Save and open in the window's model, without a window: file work on the test's thread (a direct executor). */
class SavedRunsViewModelTest {

    @TempDir
    Path folder;

    private static MainViewModel finishedRun() throws InterruptedException {
        MainViewModel m = new MainViewModel(JobThreads.runStarters(), RecordedRun::start);
        m.threadsTextProperty().set("300");
        m.inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.CPU).set("1000");
        m.inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.SLEEP).set("2");
        m.lockModeProperty().set(LockMode.SHARED_SYNCHRONIZED);
        m.run();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while ((m.state().isActive() || m.state() == RunState.IDLE) && System.nanoTime() < deadline) {
            m.pulse(System.nanoTime());
            Thread.sleep(5);
        }
        assertEquals(RunState.FINISHED, m.state());
        return m;
    }

    @Test
    void aSavedRunOpensAsTheLastRunAndJoinsTheHistoryMarkedOpened() throws Exception {
        MainViewModel m = finishedRun();
        SavedRunsViewModel files = new SavedRunsViewModel(m, Runnable::run);
        RunRecording live = m.recordingProperty().get();
        Path file = folder.resolve("shared.loomrun");
        files.save(file, false);
        files.pulse();
        assertTrue(Files.size(file) > 0);
        assertTrue(m.messageProperty().get().startsWith("Saved shared.loomrun"), m.messageProperty().get());

        files.open(file);
        files.pulse();
        RunRecording shown = m.recordingProperty().get();
        assertTrue(shown != live, "the opened recording is on show");
        assertEquals(RunSummary.of(live), RunSummary.of(shown));
        assertEquals(2, m.history().size());
        assertTrue(m.history().get(1).opened());
        assertFalse(m.history().get(0).opened());
        assertTrue(m.history().get(1).label().contains("opened"));
        assertTrue(m.replay().isAvailable(), "the opened run replays");
        assertEquals((shown.runEnd() - shown.runStart()) / 1e9, m.replay().durationProperty().get(), 0.01);
        assertTrue(m.messageProperty().get().startsWith("Opened shared.loomrun: 300 threads"), m.messageProperty().get());
        assertEquals(RunState.FINISHED, m.state());
    }

    @Test
    void aBadFileChangesNothingButTheErrorLine() throws Exception {
        MainViewModel m = finishedRun();
        SavedRunsViewModel files = new SavedRunsViewModel(m, Runnable::run);
        RunRecording before = m.recordingProperty().get();
        Path bad = folder.resolve("bad.loomrun");
        Files.writeString(bad, "LOOMRUN\u001A but not really");
        files.open(bad);
        files.pulse();
        assertSame(before, m.recordingProperty().get());
        assertEquals(1, m.history().size());
        assertTrue(m.errorMessageProperty().get().contains(bad.toString()), m.errorMessageProperty().get());
        assertEquals(1, m.errorMessageProperty().get().lines().count());
    }

    @Test
    void aSaveOverAnExistingFileWithoutConsentLeavesIt() throws Exception {
        MainViewModel m = finishedRun();
        SavedRunsViewModel files = new SavedRunsViewModel(m, Runnable::run);
        Path mine = folder.resolve("mine.loomrun");
        Files.writeString(mine, "keep me");
        files.save(mine, false);
        files.pulse();
        assertEquals("keep me", Files.readString(mine));
        assertTrue(m.errorMessageProperty().get().startsWith("Not saved:"), m.errorMessageProperty().get());
        try (var left = Files.list(folder)) {
            assertEquals(1, left.count(), "no temporary file left behind");
        }
    }
}
