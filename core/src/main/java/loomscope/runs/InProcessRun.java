package loomscope.runs;

import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;

/** A run in the app's own JVM: the foundation's RecordedRun behind the LiveRun face. */
public final class InProcessRun implements LiveRun {

    private final RecordedRun run;
    private volatile boolean stopped;

    private InProcessRun(RecordedRun run) {
        this.run = run;
    }

    public static InProcessRun start(WorkloadConfig config, RunObserver alsoTell) {
        return new InProcessRun(RecordedRun.start(config, alsoTell));
    }

    /** Wraps a run started elsewhere (the window starts its own, with its probes' observer). */
    public static InProcessRun of(RecordedRun run) {
        return new InProcessRun(run);
    }

    /** The run itself: its Thread objects are what in-process probes look at. */
    public RecordedRun recorded() { return run; }

    @Override public RunTarget target() { return new RunTarget.ThisJvm(); }

    @Override public RunRecording recording() { return run.recording(); }

    @Override public void stop() {
        stopped = true;
        run.run().cancel();
    }

    @Override public boolean await(long millis) throws InterruptedException { return run.await(millis); }

    @Override public boolean isFinished() { return run.run().isFinished(); }

    @Override public RunOutcome outcome() {
        if (!isFinished()) {
            return null;
        }
        Throwable failure = run.run().failure();
        if (failure != null) {
            return new RunOutcome.Failed("the run failed: " + failure);
        }
        return run.run().isCancelled() ? new RunOutcome.Cancelled(stopped ? "stopped by you" : "cancelled")
                : new RunOutcome.Completed();
    }
}
