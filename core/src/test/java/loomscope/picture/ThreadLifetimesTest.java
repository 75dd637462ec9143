package loomscope.picture;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

/** A thread is alive from its first mount to its last (issue #45: an application's field of live threads). */
class ThreadLifetimesTest {
    private static final long MS = 1_000_000;

    @Test
    void aliveFromItsFirstMountToItsLast() {
        RunRecording r = RecordingBuilder.of(SeedScenario.config(3, 0, 0, loomscope.workload.LockMode.SYNCHRONIZED, 1,
                        loomscope.workload.SchedulerKind.POOL, loomscope.workload.ThreadKind.VIRTUAL), "25")
                .carrier(0, "c", 0, false)
                .mount(0, 0, 0, 10 * MS, 12 * MS, false).mount(0, 1, 0, 15 * MS, 16 * MS, false)
                .mount(0, 0, 0, 30 * MS, 31 * MS, false).finish(0, 40 * MS, 3, false);
        ThreadLifetimes l = ThreadLifetimes.of(r);
        assertFalse(l.aliveAt(0, 5 * MS), "not seen yet");
        assertTrue(l.aliveAt(0, 20 * MS), "between its mounts: parked, alive");
        assertFalse(l.aliveAt(1, 20 * MS));
        assertTrue(l.endedBefore(1, 20 * MS), "its last mount ended at 16 ms");
        assertFalse(l.aliveAt(2, 20 * MS) || l.endedBefore(2, 20 * MS), "never mounted: neither");
        assertTrue(l.endedBefore(0, 35 * MS));
    }
}
