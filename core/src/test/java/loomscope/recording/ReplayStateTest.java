package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.picture.StateTimeline;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import org.junit.jupiter.api.Test;

/** Replay answers "what was happening at t" from the recording alone. */
class ReplayStateTest {

    @Test
    void midSleepOfANativeFrameTaskIsPinnedOnItsCarrier() throws Exception {
        RunRecording recording = Recorded.run(Recorded.small(50).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName())).recording();
        StateTimeline timeline = new StateTimeline(recording);
        CarrierLog carrier = recording.carriers()[0];
        for (int vt = 0; vt < recording.threads(); vt++) {
            long mid = (recording.phase(vt, Phase.SLEEP_START) + recording.phase(vt, Phase.SLEEP_END)) / 2;
            assertEquals(VtState.PINNED, timeline.stateAt(vt, mid));
            assertEquals(vt, timeline.occupantAt(carrier, mid));
            assertTrue(timeline.pinnedAt(carrier, mid));
        }
        byte[] states = new byte[recording.threads()];
        // the last task stamps DONE just before its final unmount: look after the carrier's last mount
        timeline.statesAt(carrier.end(carrier.size() - 1) + 1, states);
        for (byte s : states) {
            assertEquals(VtState.DONE.ordinal(), s);
        }
    }

    @Test
    void midSleepWithJep491IsParkedAndTheCarrierRunsSomeoneElse() throws Exception {
        RunRecording recording = Recorded.run(Recorded.small(300).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName())).recording();
        StateTimeline timeline = new StateTimeline(recording);
        int parked = 0;
        int elsewhere = 0;
        for (int vt = 0; vt < recording.threads(); vt++) {
            // halfway through the 5 ms sleep itself (SLEEP_END is stamped later, once the thread is back on a carrier)
            long mid = recording.phase(vt, Phase.SLEEP_START) + 2_500_000;
            parked += timeline.stateAt(vt, mid) == VtState.PARKED ? 1 : 0;
            elsewhere += timeline.occupantAt(recording.carriers()[0], mid) != vt ? 1 : 0;
        }
        // a handful may still be unmounting: the very first freeze of a run has been seen to take ~5 ms
        assertTrue(parked > 280, "most sleepers should be parked mid-sleep, saw " + parked);
        assertTrue(elsewhere > 280, "the carrier should hold other threads mid-sleep, saw " + elsewhere);
        assertEquals(VtState.NEW, timeline.stateAt(0, recording.phase(0, Phase.CREATED) - 1));
    }
}
