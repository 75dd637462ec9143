package loomscope.ui.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.recording.RecordedRun;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;

class ReplayViewModelTest {

    @Test
    void movesByElapsedTimeTimesSpeedNotByFrames() throws Exception {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(200).withParam(SeedScenario.LOCK, LockMode.NONE.cliName()));
        assertTrue(run.await(30_000));
        ReplayViewModel replay = new ReplayViewModel();
        replay.load(run.recording());
        assertTrue(replay.isAvailable());
        double duration = replay.durationProperty().get();
        assertEquals(duration, replay.positionProperty().get(), "armed at the end: the whole trail shows");
        assertEquals(ReplayViewModel.endOf(run.recording()), replay.timeNanos(), 1);
        assertTrue(ReplayViewModel.endOf(run.recording()) >= run.recording().runEnd());

        replay.togglePlay();
        assertEquals(0, replay.positionProperty().get(), "play at the end restarts");
        replay.advance(1_000_000_000L);
        // two pulses 100 ms apart at 0.05x advance 5 ms of recording time, however many frames were dropped
        replay.advance(1_100_000_000L);
        assertEquals(Math.min(duration, 0.005), replay.positionProperty().get(), 1e-9);

        replay.speedProperty().set(7);
        assertEquals(ReplayViewModel.MAX_SPEED, replay.speedProperty().get());
        replay.speedProperty().set(0);
        assertEquals(ReplayViewModel.MIN_SPEED, replay.speedProperty().get());

        replay.advance(1_000_000_000_000L);
        assertEquals(duration, replay.positionProperty().get(), "stops at the end");
        assertFalse(replay.playingProperty().get());

        replay.positionProperty().set(duration / 2);
        replay.step(1);
        assertEquals(duration / 2 + ReplayViewModel.MIN_SPEED / 60, replay.positionProperty().get(), 1e-12);
        replay.seekNanos(-5);
        assertEquals(0, replay.positionProperty().get());
    }

    @Test
    void aRunningRecordingCannotBeReplayed() {
        ReplayViewModel replay = new ReplayViewModel();
        replay.load(null);
        assertFalse(replay.isAvailable());
        replay.togglePlay();
        assertFalse(replay.playingProperty().get());
    }
}
