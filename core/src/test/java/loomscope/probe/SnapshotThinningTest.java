package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The snapshots an in-process run keeps are bounded by their samples too, not only by their count. */
class SnapshotThinningTest {

    private static ThreadSnapshot snapshot(long at, int threads) {
        ThreadSample one = new ThreadSample(0, "loomscope-vt-0", 1, true, Thread.State.RUNNABLE, true, null, -1,
                0, 0, List.of());
        return new ThreadSnapshot(at, 1, SnapshotSource.IN_PROCESS, "25", Collections.nCopies(threads, one));
    }

    @Test
    void snapshotsOfAHugeRunAreThinnedToTheSampleBudgetKeepingTheFirst() {
        List<ThreadSnapshot> kept = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            kept.add(snapshot(i, 1_000_000));   // what a 1,000,000-thread run's passes hold
            InProcessSnapshotter.thinOut(kept, InProcessSnapshotter.MAX_KEPT, InProcessSnapshotter.MAX_KEPT_SAMPLES);
            long samples = kept.stream().mapToLong(s -> s.samples().size()).sum();
            assertTrue(samples <= InProcessSnapshotter.MAX_KEPT_SAMPLES, "bounded: " + samples + " samples kept");
        }
        assertEquals(0, kept.get(0).takenAt(), "the run's start stays");
        assertTrue(kept.size() >= InProcessSnapshotter.MAX_KEPT_SAMPLES / 1_000_000 / 2, "not thinned more than needed: " + kept.size());
    }

    @Test
    void anOrdinaryRunKeepsItsSnapshotCountBound() {
        List<ThreadSnapshot> kept = new ArrayList<>();
        for (int i = 0; i < InProcessSnapshotter.MAX_KEPT; i++) {
            kept.add(snapshot(i, 5_000));
            InProcessSnapshotter.thinOut(kept, InProcessSnapshotter.MAX_KEPT, InProcessSnapshotter.MAX_KEPT_SAMPLES);
        }
        assertEquals(InProcessSnapshotter.MAX_KEPT, kept.size(), "600 snapshots of 5,000 threads are all kept");
        kept.add(snapshot(InProcessSnapshotter.MAX_KEPT, 5_000));
        InProcessSnapshotter.thinOut(kept, InProcessSnapshotter.MAX_KEPT, InProcessSnapshotter.MAX_KEPT_SAMPLES);
        assertEquals(InProcessSnapshotter.MAX_KEPT / 2 + 1, kept.size(), "the 601st halves them, as before");
    }
}
