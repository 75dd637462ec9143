package loomscope.ui.run;

import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.runs.LiveRun;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.workload.WorkloadConfig;

/**
 * A run the test moves by hand: its recording appears, starts, ends, as a child JVM's would. The recording is a
 * real RunRecording (only its clock is driven by the test), so the summary is computed as for any run.
 */
public final class FakeRun implements LiveRun {
    private final WorkloadConfig config;
    private final RunTarget target;
    private volatile RunRecording recording;
    private volatile RunOutcome outcome;
    public volatile int stops;

    public FakeRun(WorkloadConfig config, RunTarget target) {
        this.config = config;
        this.target = target;
    }

    /** The child said hello: the recording exists, the run has not started yet. */
    public RunRecording hello() {
        recording = new RunRecording(config, "25.0.3+9-test");
        return recording;
    }

    /** The workload started {@code nanosAfterOrigin} after the recording's origin. */
    public void runStarted(long nanosAfterOrigin) {
        new RunRecorder(recording).runStarted(recording.origin() + nanosAfterOrigin);
    }

    /** The run ended: all tasks done (or {@code completed} of them when cancelled) at {@code nanosAfterOrigin}. */
    public void end(long nanosAfterOrigin, int completed, RunOutcome how) {
        if (recording != null && recording.runStart() >= 0) {
            new RunRecorder(recording).runEnded(recording.origin() + nanosAfterOrigin, completed,
                    how instanceof RunOutcome.Cancelled);
        }
        outcome = how;
    }

    @Override public RunTarget target() { return target; }

    @Override public RunRecording recording() { return recording; }

    @Override public void stop() { stops++; }

    /** Synchronous here: the test must see the stop, and no thread is started for it. */
    @Override public void stopInBackground() { stop(); }

    @Override public boolean await(long millis) { return outcome != null; }

    @Override public boolean isFinished() { return outcome != null; }

    @Override public RunOutcome outcome() { return outcome; }
}
