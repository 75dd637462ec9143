package loomscope.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.recording.VtState;
import loomscope.scenario.SeedScenario;
import loomscope.workload.Phase;
import org.junit.jupiter.api.Test;

/**
 * Carriers start in any order: carrier 1 may run a thread before carrier 0 has told its start, and a carrier may be
 * added after the pulse's copy of the carriers was taken. A live state then reads the thread as running (a window's
 * warm-up threw ArrayIndexOutOfBoundsException every pulse when the live rule indexed the carriers seen in order).
 */
class LiveStateBeforeCarrierStartTest {

    @Test
    void aThreadOnACarrierWhoseStartIsNotToldYetIsRunning() {
        RunRecording r = RunRecording.forThisJvm(SeedScenario.config().withThreads(2).withParallelism(2));
        RunRecorder recorder = new RunRecorder(r);
        long t0 = r.origin();
        recorder.runStarted(t0 + 1_000);
        recorder.carrierAdded(1, "carrier-1", t0 + 2_000);   // carrier 0 has not told its start yet
        recorder.phase(0, Phase.CREATED, t0 + 3_000);
        recorder.submitted(0, t0 + 3_000);
        recorder.mountStarted(1, 0, t0 + 3_000, t0 + 4_000);
        StateTimeline timeline = new StateTimeline(r);
        assertEquals(VtState.RUNNING, timeline.liveState(0, 5_000));
        byte[] states = new byte[2];
        timeline.liveStates(states);
        assertEquals(VtState.RUNNING.ordinal(), states[0]);
    }
}
