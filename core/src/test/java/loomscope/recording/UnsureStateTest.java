package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.picture.Look;
import loomscope.picture.StateTimeline;
import org.junit.jupiter.api.Test;

/**
 * A mount the carriers' clocks could not judge is unsure for its whole length (never running, never silently not
 * pinned), counted as such, and told apart from a pinned and a running mount.
 */
class UnsureStateTest {
    private final RunRecording r = UnsureRun.record();
    private final StateTimeline timeline = new StateTimeline(r);

    @Test
    void aThreadInAnUnsureMountIsUnsureThroughout() {
        assertEquals(VtState.UNSURE, timeline.stateAt(0, UnsureRun.at(r, 1) + 1));
        assertEquals(VtState.UNSURE, timeline.stateAt(0, UnsureRun.at(r, 30)));
        assertEquals(VtState.UNSURE, timeline.stateAt(0, UnsureRun.at(r, 60) - 1));
        assertEquals(VtState.DONE, timeline.stateAt(0, UnsureRun.at(r, 61)));
        assertEquals(VtState.RUNNING, timeline.stateAt(1, UnsureRun.at(r, 10)), "a mount judged not blocked runs");
        assertEquals(VtState.PINNED, timeline.stateAt(2, UnsureRun.at(r, 30)), "a mount judged blocked is pinned");
    }

    @Test
    void theStatesFillAgreesWithStateAt() {
        byte[] states = new byte[3];
        timeline.statesAt(UnsureRun.at(r, 30), states);
        assertEquals(VtState.UNSURE, VtState.of(states[0]));
        assertEquals(VtState.PINNED, VtState.of(states[2]));
    }

    @Test
    void theCarrierIsUnsureNotPinnedWhileItHoldsTheMount() {
        CarrierLog c0 = r.carriers()[0];
        CarrierLog c1 = r.carriers()[1];
        assertEquals(Look.UNSURE, timeline.lookAt(c0, UnsureRun.at(r, 30)));
        assertFalse(timeline.pinnedAt(c0, UnsureRun.at(r, 30)), "unsure is its own verdict, not a pin");
        assertEquals(Look.IDLE, timeline.lookAt(c0, UnsureRun.at(r, 61)), "idle after the mount");
        assertEquals(Look.RUNNING, timeline.lookAt(c1, UnsureRun.at(r, 10)));
        assertEquals(Look.PINNED, timeline.lookAt(c1, UnsureRun.at(r, 30)));
        assertTrue(timeline.pinnedAt(c1, UnsureRun.at(r, 30)));
    }

    @Test
    void theRunCountsOneUnsureMountAndOnePinned() {
        assertEquals(1, RunSummary.unsureMounts(r));
        assertEquals(1, RunSummary.of(r).pinnedMounts(), "the unsure mount is not counted as pinned");
    }
}
