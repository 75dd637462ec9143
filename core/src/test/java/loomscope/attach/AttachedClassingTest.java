package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import loomscope.probe.CauseReport;
import loomscope.probe.PinnedEvent;

/** A session's held mounts classed by the witnesses the agent sent, once it is over. */
class AttachedClassingTest {
    private static final long MS = 1_000_000;

    /** One carrier, one thread, three mounts its carrier's clocks saw blocked (2 ms of 5). */
    private static AttachedEpisodes threeHeldMounts() {
        AttachedEpisodes e = new AttachedEpisodes(1 << 20, false);
        e.carrier(0, 0, "ForkJoinPool-1-worker-1");
        e.virtualThread(0, 100, "a");
        e.episode(0, 0, 0, 5 * MS, 2 * MS, true);                 // the hook saw it park pinned
        e.episode(0, 0, 10 * MS, 15 * MS, 2 * MS, false);         // JFR's pinned event below covers it
        e.episode(0, 0, 20 * MS, 25 * MS, 2 * MS, false);         // no witness
        e.jfrPin(100, 10 * MS, 5 * MS, "ForkJoinPool-1-worker-1", "Native or VM frame on stack", null, List.of());
        return e;
    }

    @Test
    void eachHeldMountIsPinnedByItsWitnessOrUnsureWithoutOne() {
        CauseReport causes = AttachedClassing.classified(threeHeldMounts(), "m", Integer.MAX_VALUE, true, false).causes();
        assertTrue(causes.classified());
        assertEquals(2, causes.pinned(), causes.line());
        assertEquals(1, causes.unsure(), causes.line());
        assertNull(causes.why());
    }

    @Test
    void nothingIsClassedWithoutTheAgentsWordThatEverythingArrived() {
        CauseReport causes = AttachedClassing.classified(threeHeldMounts(), "m", Integer.MAX_VALUE, false, false).causes();
        assertFalse(causes.classified());
        assertTrue(causes.why().contains("did not confirm"), causes.why());
    }

    @Test
    void theReportSaysWhatTheWitnessesCouldNotSee() {
        AttachedEpisodes untapped = threeHeldMounts();
        untapped.jfrNotTapped("jfr=off");
        assertTrue(AttachedClassing.classified(untapped, "m", Integer.MAX_VALUE, true, false).causes().why()
                .startsWith("JFR was not tapped inside the target (jfr=off)"));
        assertTrue(AttachedClassing.classified(threeHeldMounts(), "m", Integer.MAX_VALUE, true, true).causes().why()
                .startsWith("the target exited"));
    }

    @Test
    void aSavedRunsPinsArePlacedOnTheLastLaneOfTheirCarriersName() {
        AttachedEpisodes e = threeHeldMounts();
        e.carrier(1, 0, "ForkJoinPool-1-worker-1");   // a second carrier of the same name
        e.jfrPin(100, 30 * MS, MS, "");
        List<PinnedEvent> placed;
        synchronized (e) {
            placed = AttachedClassing.placedOnLanes(e.held("m"));
        }
        assertEquals(1, placed.get(0).carrierIndex());
        assertNull(placed.get(1).carrierName(), "JFR named no carrier");
        assertEquals(-1, placed.get(1).carrierIndex());
    }
}
