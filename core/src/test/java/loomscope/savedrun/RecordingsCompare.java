package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.picture.StateTimeline;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.workload.Phase;

/** "Replays identically": the same facts, and the same state of every thread and lane at many instants. */
final class RecordingsCompare {
    private RecordingsCompare() { }

    static void assertSameFacts(RunRecording live, RunRecording opened) {
        assertEquals(live.config(), opened.config());
        assertEquals(live.jdkVersion(), opened.jdkVersion());
        assertEquals(live.runStart(), opened.runStart());
        assertEquals(live.runEnd(), opened.runEnd());
        assertEquals(live.wasCancelled(), opened.wasCancelled());
        assertEquals(live.completedAtEnd(), opened.completedAtEnd());
        for (int vt = 0; vt < live.threads(); vt++) {
            for (Phase p : Phase.values()) {
                if (live.phase(vt, p) != opened.phase(vt, p)) {
                    assertEquals(live.phase(vt, p), opened.phase(vt, p), "thread " + vt + " " + p);
                }
            }
        }
        CarrierLog[] a = live.carriers();
        CarrierLog[] b = opened.carriers();
        assertEquals(a.length, b.length, "carriers");
        for (int c = 0; c < a.length; c++) {
            assertEquals(a[c].name(), b[c].name());
            assertEquals(a[c].addedAt(), b[c].addedAt());
            assertEquals(a[c].addedByPool(), b[c].addedByPool());
            assertEquals(a[c].size(), b[c].size(), "mounts of carrier " + c);
            for (int i = 0; i < a[c].size(); i++) {
                if (a[c].vt(i) != b[c].vt(i) || a[c].start(i) != b[c].start(i) || a[c].end(i) != b[c].end(i)
                        || a[c].submit(i) != b[c].submit(i) || a[c].pinned(i) != b[c].pinned(i)) {
                    throw new AssertionError("mount " + i + " of carrier " + c + " differs");
                }
            }
        }
        assertEquals(RunSummary.of(live), RunSummary.of(opened));
    }

    /** Every thread's state and every lane's occupant and pinned mark at {@code instants} evenly spread instants. */
    static void assertSameReplay(RunRecording live, RunRecording opened, int instants) {
        StateTimeline a = new StateTimeline(live);
        StateTimeline b = new StateTimeline(opened);
        byte[] sa = new byte[live.threads()];
        byte[] sb = new byte[opened.threads()];
        long from = live.runStart();
        long to = live.runEnd();
        assertTrue(to > from, "the run has a length");
        CarrierLog[] ca = live.carriers();
        CarrierLog[] cb = opened.carriers();
        for (int k = 0; k < instants; k++) {
            long t = from + (to - from) * k / (instants - 1);
            a.statesAt(t, sa);
            b.statesAt(t, sb);
            assertArrayEquals(sa, sb, "thread states at " + t);
            for (int c = 0; c < ca.length; c++) {
                assertEquals(a.occupantAt(ca[c], t), b.occupantAt(cb[c], t), "lane " + c + " at " + t);
                assertEquals(a.pinnedAt(ca[c], t), b.pinnedAt(cb[c], t), "lane " + c + " pinned at " + t);
            }
        }
    }
}
