package loomscope.ui.lanes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import loomscope.recording.CarrierLog;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;

/** A click's mount and the keys' steps, by binary search in one carrier's log (issue #46). */
class MountHitsTest {
    private static final long MS = 1_000_000L;

    /** Mounts of 5 ms every 100 ms (the 4th pinned) on one carrier, and a million short ones after them. */
    private static CarrierLog carrier() {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(2), "25.0.3+9-LTS")
                .carrier(0, "ForkJoinPool-1-worker-1", 0, false);
        for (int i = 0; i < 10; i++) {
            b.mount(0, 0, i * 100 * MS, i * 100 * MS, i * 100 * MS + 5 * MS, i == 3);
        }
        long t = 2_000 * MS;
        for (int i = 0; i < 1_000_000; i++) {
            b.mount(0, 1, t, t, t + 500, false);
            t += 1_000;
        }
        RunRecording r = b.finish(0, t, 2, false);
        return r.carriers()[0];
    }

    @Test
    void aClickFindsTheMountItFellOnOrTheNearestWithinReach() {
        CarrierLog log = carrier();
        assertEquals(2, MountHits.nearest(log, 202 * MS, 0), "on it");
        assertEquals(2, MountHits.nearest(log, 207 * MS, 3 * MS), "2 ms after its end, 3 ms of reach");
        assertEquals(3, MountHits.nearest(log, 298 * MS, 3 * MS), "2 ms before the next one's start");
        assertEquals(-1, MountHits.nearest(log, 250 * MS, 3 * MS), "between them, out of reach");
        assertEquals(-1, MountHits.nearest(log, 50_000 * MS, 3 * MS), "after the last");
        // among a million mounts of 500 ns, 500 ns apart: the one under the click
        long at = 2_000 * MS + 777_777L * 1_000 + 250;
        assertEquals(10 + 777_777, MountHits.nearest(log, at, 100));
        assertEquals(10 + 777_778, MountHits.nearest(log, at + 700, 300), "the nearer of two within reach");
    }

    @Test
    void keysStepToTheNextThePreviousAndTheNextHeldMount() {
        CarrierLog log = carrier();
        assertEquals(1, MountHits.next(log, 0));
        assertEquals(-1, MountHits.previous(log, 0));
        assertEquals(-1, MountHits.next(log, log.size() - 1));
        assertEquals(3, MountHits.nextHeld(log, 0));
        assertEquals(-1, MountHits.nextHeld(log, 3));
        assertEquals(4, MountHits.firstStartingFrom(log, 301 * MS));
        assertEquals(3, MountHits.firstStartingFrom(log, 300 * MS));
    }
}
