package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.picture.StateTimeline;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * Issue #14, defect 4: a run stopped mid-way was drawn as if it had finished ("done 5,000", all green). Its
 * threads now end as done (their work was done) or stopped (Stop cut it short, or they never started).
 */
class StoppedRunStatesTest {

    @Test
    void aStoppedRunShowsOnlyItsCompletedTasksAsDone() throws InterruptedException {
        // one lock for all: the tasks finish one at a time, so Stop lands mid-way
        WorkloadConfig config = SeedScenario.config().withThreads(2_000).withParallelism(1)
                .withParam(SeedScenario.LOCK, LockMode.SHARED_SYNCHRONIZED.cliName());
        RecordedRun run = RecordedRun.start(config);
        RunRecording r = run.recording();
        while (r.doneCount() < 50) {
            Thread.sleep(5);
        }
        run.run().cancel();
        assertTrue(run.await(60_000), "the stopped run ended");
        RunSummary summary = RunSummary.of(r);
        assertTrue(summary.cancelled());
        assertTrue(summary.completed() < config.threads(), "stopped before the end: " + summary.completed());

        int[] counts = countStates(r, afterTheEnd(r));
        assertEquals(summary.completed(), counts[VtState.DONE.ordinal()], "done = completed");
        assertEquals(config.threads() - summary.completed(), counts[VtState.STOPPED.ordinal()], "the rest: stopped");

        byte[] live = new byte[config.threads()];
        new StateTimeline(r).liveStates(live);
        int liveDone = 0;
        for (byte b : live) {
            liveDone += b == VtState.DONE.ordinal() ? 1 : 0;
        }
        assertEquals(summary.completed(), liveDone, "the live view agrees once the run has ended");
    }

    @Test
    void aCompletedRunHasNoStoppedThread() throws InterruptedException {
        RecordedRun run = Recorded.run(SeedScenario.config().withThreads(300).withParallelism(2));
        int[] counts = countStates(run.recording(), afterTheEnd(run.recording()));
        assertEquals(300, counts[VtState.DONE.ordinal()]);
        assertEquals(0, counts[VtState.STOPPED.ordinal()]);
    }

    /** A task's DONE can come a moment after the run's end is taken: look a second later. */
    private static long afterTheEnd(RunRecording r) {
        return r.runEnd() + 1_000_000_000L;
    }

    private static int[] countStates(RunRecording r, long t) {
        StateTimeline timeline = new StateTimeline(r);
        int[] counts = new int[VtState.COUNT];
        for (int vt = 0; vt < r.threads(); vt++) {
            counts[timeline.stateAt(vt, t).ordinal()]++;
        }
        return counts;
    }
}
