package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import loomscope.picture.StateTimeline;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.VtState;

class AttachedEpisodesTest {

    /** Three carriers, five threads; thread k mounts at 10k on carrier k % 3, then again at 100 + 10k. */
    private static AttachedEpisodes fiveThreadsTwice() {
        AttachedEpisodes e = new AttachedEpisodes();
        for (int c = 0; c < 3; c++) {
            e.carrier(c, c, "ForkJoinPool-1-worker-" + (c + 1));
        }
        for (int vt = 0; vt < 5; vt++) {
            e.virtualThread(vt, 100 + vt, "vt" + vt);
        }
        for (int round = 0; round < 2; round++) {
            for (int vt = 0; vt < 5; vt++) {
                long start = round * 100 + vt * 10L;
                e.episode(vt % 3, vt, start, start + 5, 0, false);
            }
        }
        return e;
    }

    @Test
    void carriersPastThePoolsParallelismAreTheOnesItAdded() {
        RunRecording r = fiveThreadsTwice().toRecording("com.example.Main", 2);
        CarrierLog[] lanes = r.carriersByIndex();
        assertFalse(lanes[0].addedByPool());
        assertFalse(lanes[1].addedByPool());
        assertTrue(lanes[2].addedByPool());
        assertEquals("ForkJoinPool-1-worker-3", lanes[2].name());
        assertEquals(2, r.config().parallelism());
        assertEquals(5, r.threads());
        // without a known pool size, none is marked (what the CLI's saved runs say)
        assertFalse(fiveThreadsTwice().toRecording("com.example.Main").carriersByIndex()[2].addedByPool());
    }

    @Test
    void aCarrierThatReplacedARetiredOneIsNotAddedAndOneWithNoEpisodeHasNoLane() {
        AttachedEpisodes e = new AttachedEpisodes();
        for (int c = 0; c < 4; c++) {
            e.carrier(c, c, "ForkJoinPool-1-worker-" + (c + 1));
        }
        e.virtualThread(0, 100, "a");
        long second = 1_000_000_000L;
        e.episode(1, 0, 0, 5, 0, false);
        e.episode(2, 0, 10, 15, 0, false);
        // 40 s later (the pool retires a worker idle for 30 s): worker 4 takes over, worker 1 never ran in this session
        e.episode(3, 0, 40 * second, 40 * second + 5, 0, false);
        CarrierLog[] lanes = e.toRecording("m", 2).carriersByIndex();
        assertEquals(3, lanes.length);
        assertEquals("ForkJoinPool-1-worker-2", lanes[0].name());
        assertEquals("ForkJoinPool-1-worker-4", lanes[2].name());
        assertFalse(lanes[2].addedByPool());
        // the CLI's recording keeps every carrier the agent named, none marked
        assertEquals(4, e.toRecording("m").carriersByIndex().length);
    }

    @Test
    void theNewestEpisodesWithTheirThreadsRenumberedAndTheRestCounted() {
        AttachedEpisodes e = fiveThreadsTwice();
        // the newest 4 episodes are the second round's threads 1..4; a cap of 3 threads leaves thread 4's out
        AttachedEpisodes.Newest newest = e.newest("com.example.Main", 8, 4, 3);
        assertEquals(3, newest.episodesShown());
        assertEquals(3, newest.threadsShown());
        assertEquals(10 - 3, newest.episodesLeftOut());
        RunRecording r = newest.recording();
        assertEquals(3, r.threads());
        assertTrue(r.isFinished());
        int mounts = 0;
        for (CarrierLog log : r.carriersByIndex()) {
            for (int i = 0; i < log.size(); i++) {
                assertTrue(log.vt(i) < 3);
                assertTrue(log.start(i) >= 110, "only the second round's episodes");
                mounts++;
            }
        }
        assertEquals(3, mounts);
        // first seen first: thread 1 of the target is thread 0 here, and its carrier (worker-2) the first lane
        assertEquals("ForkJoinPool-1-worker-2", r.carriersByIndex()[0].name());
        assertEquals(0, r.carriersByIndex()[0].vt(0));
        assertEquals(110, r.carriersByIndex()[0].start(0));
        assertEquals(110, r.runStart(), "older episodes left out: the lanes fitted to it start with the first shown");
    }

    @Test
    void allOfASmallSessionIsShown() {
        AttachedEpisodes.Newest newest = fiveThreadsTwice().newest("m", 8, 1000, 1000);
        assertEquals(10, newest.episodesShown());
        assertEquals(5, newest.threadsShown());
        assertEquals(0, newest.episodesLeftOut());
        assertEquals(0, newest.recording().runStart(), "nothing left out: from the session's start");
    }

    @Test
    void aThreadOffItsCarrierIsUnmountedNeverAMadeUpQueuedOrParked() {
        RunRecording r = fiveThreadsTwice().toRecording("com.example.Main", 2);
        StateTimeline timeline = new StateTimeline(r);
        assertTrue(StateTimeline.mountsOnly(r));
        assertEquals(VtState.NEW, timeline.stateAt(1, 5), "not seen yet");
        assertEquals(VtState.RUNNING, timeline.stateAt(1, 12));
        assertEquals(VtState.UNMOUNTED, timeline.stateAt(1, 50), "between its two mounts");
        assertEquals(VtState.UNMOUNTED, timeline.stateAt(1, 200), "after its last mount: the agent cannot tell it ended");
        assertEquals(VtState.RUNNING, timeline.stateAt(1, 112));
    }

    @Test
    void thePoolsParallelismAsTheTargetWasStarted() {
        assertEquals(3, JvmList.flagValue("java -Djdk.virtualThreadScheduler.parallelism=3 -cp x Main",
                "-Djdk.virtualThreadScheduler.parallelism="));
        assertEquals(-1, JvmList.flagValue("java -cp x Main", "-XX:ActiveProcessorCount="));
        assertEquals(-1, JvmList.flagValue("java -XX:ActiveProcessorCount= Main", "-XX:ActiveProcessorCount="));
        // this JVM was started without either flag: the JDK's default, this machine's processors
        assertEquals(Runtime.getRuntime().availableProcessors(), JvmList.poolParallelism(ProcessHandle.current().pid()));
    }
}
