package loomscope.ui.run;

import java.util.concurrent.Executor;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.runs.LiveRun;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.ui.job.BackgroundJob;
import loomscope.workload.WorkloadConfig;

/**
 * One run's life, for the main window and each compare side: idle → starting → running → finished, or back to
 * idle when it could not start. The start is a {@link BackgroundJob} on the injected executor (threads that exist
 * before any run); the FX side learns what happened only in {@link #pulse()}, once per frame, and never waits. Uses
 * JavaFX properties but no toolkit call, so it runs in a plain unit test with a direct executor.
 */
public final class RunLifecycle {

    /** Starts {@code config} on {@code where}; runs on the executor's thread, never on the FX thread. */
    @FunctionalInterface
    public interface Starter {
        LiveRun start(WorkloadConfig config, RunTarget where) throws Exception;
    }

    /** What the owner hears, in {@link #pulse()}, to word its messages and keep its history. */
    public interface Listener {
        /** The starter returned the run (its recording may not exist yet: a child JVM is still starting). */
        default void started(LiveRun run) { }

        /** The starter threw; the state is back to idle. */
        default void failedToStart(StartFailure failure) { }

        /** The run's recording exists: it is running. */
        default void began(RunRecording recording) { }

        /** The run ended; right after, the state becomes finished, or idle when nothing was recorded (it never got going). */
        default void ended(Ended end) { }
    }

    /** How a run ended: the outcome, what it recorded (null if the child never ran) and its numbers (or null). */
    public record Ended(RunOutcome outcome, RunRecording recording, RunSummary summary) {
        public boolean recordedAnything() {
            return summary != null;
        }
    }

    private final BackgroundJob<LiveRun> starting;
    private final Starter starter;
    private Listener listener = new Listener() { };

    private final ReadOnlyObjectWrapper<RunState> state = new ReadOnlyObjectWrapper<>(RunState.IDLE);
    private final ReadOnlyObjectWrapper<RunRecording> recording = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyDoubleWrapper elapsedSeconds = new ReadOnlyDoubleWrapper(0);
    private LiveRun current;
    private boolean stopRequested;
    private WorkloadConfig config;
    private RunTarget target;

    public RunLifecycle(Executor executor, Starter starter) {
        this.starting = new BackgroundJob<>(executor);
        this.starter = starter;
    }

    public void setListener(Listener listener) {
        this.listener = listener == null ? new Listener() { } : listener;
    }

    /** Hands {@code config} to the starter; false (and nothing happens) while a run is starting or going. */
    public boolean start(WorkloadConfig config, RunTarget where) {
        if (state.get().isActive()) {
            return false;
        }
        this.config = config;
        this.target = where;
        stopRequested = false;
        elapsedSeconds.set(0);
        state.set(RunState.STARTING);
        starting.start(steps -> starter.start(config, where));
        return true;
    }

    /**
     * Stops the run, at once or as soon as the starter hands it over (stop before start); returns at once.
     * @return whether a run was told to stop now (false while it is still being started, or when none goes)
     */
    public boolean stop() {
        if (!state.get().isActive()) {
            return false;
        }
        stopRequested = true;
        if (current != null) {
            current.stopInBackground(); // never on the FX thread itself: see LiveRun.stopInBackground
            return true;
        }
        return false;
    }

    /**
     * Shows a run that ended elsewhere (a saved run opened from a file) as the finished run; false, and nothing
     * changes, while a run is starting or going.
     */
    public boolean showFinished(RunRecording finished, WorkloadConfig itsConfig) {
        if (state.get().isActive() || !finished.isFinished()) {
            return false;
        }
        config = itsConfig;
        target = null;
        recording.set(finished);
        elapsedSeconds.set(Math.max(0, finished.runEnd() - finished.runStart()) / 1e9);
        state.set(RunState.FINISHED);
        return true;
    }

    /** The recording stays on show until the next run's exists; this forgets it now (a compare side's new run). */
    public void clearRecording() {
        if (!state.get().isActive()) {
            recording.set(null);
        }
    }

    /** Called once per frame: the only place the FX side reads the run. */
    public void pulse() {
        switch (starting.pulse()) {
            case BackgroundJob.Outcome.Done<LiveRun> started -> {
                current = started.value();
                listener.started(current);
                if (stopRequested) {
                    current.stopInBackground();
                }
            }
            case BackgroundJob.Outcome.Failed<LiveRun> failed -> {
                state.set(RunState.IDLE);
                listener.failedToStart(new StartFailure(failed.error()));
            }
            case null -> { }
        }
        if (current == null) {
            return;
        }
        RunRecording r = current.recording();
        if (r != null && recording.get() != r) {
            recording.set(r);   // a child's recording exists once its stream says hello
            state.set(RunState.RUNNING);
            listener.began(r);
        }
        if (r != null && r.runStart() >= 0) {
            long end = r.isFinished() ? r.runEnd() : r.now();
            elapsedSeconds.set(Math.max(0, end - r.runStart()) / 1e9);
        }
        if (current.isFinished()) {
            finish();
        }
    }

    private void finish() {
        LiveRun run = current;
        current = null;
        RunRecording r = run.recording();
        RunSummary summary = r == null || r.runStart() < 0 ? null : RunSummary.of(r);
        if (summary != null) {
            elapsedSeconds.set(summary.wallMillis() / 1000);
        }
        // the owner first: whoever watches the state finds the history and messages of this run already there
        listener.ended(new Ended(run.outcome(), r, summary));
        state.set(summary != null ? RunState.FINISHED : RunState.IDLE);
    }

    public ReadOnlyObjectProperty<RunState> stateProperty() { return state.getReadOnlyProperty(); }

    public RunState state() { return state.get(); }

    /** The run being shown: the current one, or the last one once finished. */
    public ReadOnlyObjectProperty<RunRecording> recordingProperty() { return recording.getReadOnlyProperty(); }

    /** The run's clock: run start to now while it goes, its wall time once it ended. */
    public ReadOnlyDoubleProperty elapsedSecondsProperty() { return elapsedSeconds.getReadOnlyProperty(); }

    /** The config of the run going now or last started, or null. */
    public WorkloadConfig config() { return config; }

    /** Where the run going now or last started runs, or null. */
    public RunTarget target() { return target; }
}
