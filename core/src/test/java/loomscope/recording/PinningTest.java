package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.picture.StateTimeline;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import org.junit.jupiter.api.Test;

/** The experiment's facts, as the recording sees them on this JDK (25: JEP 491 in force). */
class PinningTest {

    @Test
    void perTaskSynchronizedDoesNotPinOnThisJdk() throws Exception {
        RunSummary summary = Recorded.run(Recorded.small(400).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName())).summary();
        assertEquals(0, summary.pinnedMounts(), "JEP 491: a sleep inside synchronized unmounts on JDK 24+");
        assertEquals(400, summary.completed());
    }

    @Test
    void nativeFramePinsEveryThreadForExactlyTheMountThatHoldsItsSleep() throws Exception {
        RunRecording recording = Recorded.run(Recorded.small(200).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName())).recording();
        MountIndex index = new StateTimeline(recording).index();
        for (int vt = 0; vt < recording.threads(); vt++) {
            int pinned = 0;
            for (int k = 0; k < index.mountCount(vt); k++) {
                int m = index.mount(vt, k);
                if (index.pinned(m)) {
                    pinned++;
                    assertTrue(index.start(m) <= recording.phase(vt, Phase.SLEEP_START)
                            && recording.phase(vt, Phase.SLEEP_END) <= index.end(m),
                            "the pinned mount of thread " + vt + " does not contain its sleep");
                }
            }
            assertEquals(1, pinned, "thread " + vt + " should have exactly one pinned mount");
        }
        assertEquals(200, RunSummary.of(recording).pinnedThreads());
    }

    @Test
    void sharedLockNeverHasTwoHolders() throws Exception {
        RunSummary summary = Recorded.run(Recorded.small(200)
                .withParam(SeedScenario.LOCK, LockMode.SHARED_SYNCHRONIZED.cliName()).withParallelism(4)).summary();
        assertEquals(1, summary.maxLockHolders());
    }

    @Test
    void perTaskLocksAreHeldConcurrentlyWhenThreadsUnmount() throws Exception {
        RunSummary summary = Recorded.run(Recorded.small(400).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName())).summary();
        assertTrue(summary.maxLockHolders() > 10,
                "with JEP 491 many sleepers hold their own lock at once; saw " + summary.maxLockHolders());
    }

    @Test
    void pinnedSleepsRunOneAfterTheOtherAtOneCarrier() throws Exception {
        RunSummary unpinned = Recorded.run(Recorded.small(200).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName())).summary();
        RunSummary pinned = Recorded.run(Recorded.small(200).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName())).summary();
        // counts, not a ratio of times (the unpinned run is CPU-bound: a neighbour's build stretches it at will)
        assertEquals(1, pinned.maxLockHolders(), "one sleeper at a time on the only carrier: " + pinned);
        assertTrue(unpinned.maxLockHolders() > 1, "unmounted sleeps overlap: " + unpinned);
        // each pinned sleep holds the only carrier: the run cannot beat N x sleep
        assertTrue(pinned.wallMillis() >= 200 * 5 * 0.95, pinned.toString());
    }

    @Test
    void zeroSleepNeverCountsAsPinned() throws Exception {
        RunSummary summary = Recorded.run(Recorded.small(300).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName()).withParam(SeedScenario.SLEEP, 0)).summary();
        assertEquals(0, summary.pinnedMounts());
    }
}
