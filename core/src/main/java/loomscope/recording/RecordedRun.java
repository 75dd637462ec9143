package loomscope.recording;

import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;
import loomscope.workload.WorkloadRun;

/** A workload run wired to its recording: what the CLI and the window start. */
public record RecordedRun(WorkloadRun run, RunRecording recording) {

    /** Starts recording and running; throws {@link loomscope.workload.UnsupportedModeException} at once if it can't run here. */
    public static RecordedRun start(WorkloadConfig config) {
        return start(config, RunObserver.NONE);
    }

    /** As {@link #start(WorkloadConfig)}, also telling {@code alsoTell} (a probe) everything the recording hears. */
    public static RecordedRun start(WorkloadConfig config, RunObserver alsoTell) {
        loadMountClasses();
        RunRecording recording = RunRecording.forThisJvm(config);
        RunRecorder recorder = new RunRecorder(recording);
        RunObserver observer = alsoTell == RunObserver.NONE ? recorder : new TeeObserver(recorder, alsoTell);
        return new RecordedRun(WorkloadRun.start(config, observer), recording);
    }

    /**
     * Loads what a carrier's first mounts use to record them, here, before the run's clock starts: loaded there, on
     * the carrier, they cost the run that carrier's time (a class from the jar each).
     */
    private static void loadMountClasses() {
        new CarrierLog(-1, "", 0, false);
        PinnedRule.clocksSay(0);
    }

    /** Waits for the end; returns false if it did not end within {@code millis}. */
    public boolean await(long millis) throws InterruptedException {
        return run.await(millis);
    }

    public RunSummary summary() {
        return RunSummary.of(recording);
    }
}
