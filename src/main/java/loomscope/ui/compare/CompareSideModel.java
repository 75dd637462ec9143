package loomscope.ui.compare;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.remote.LiveRun;
import loomscope.remote.RunOutcome;
import loomscope.remote.RunTarget;
import loomscope.remote.RunTargets;
import loomscope.ui.run.RunState;
import loomscope.workload.WorkloadConfig;

/**
 * One side of the compare view: where it runs, the run going there, its clock and how it ended. Like the
 * main window's model it learns about its run only in {@link #pulse()}, once per frame; starting a child
 * JVM (a process spawn) happens on a background thread.
 */
public final class CompareSideModel {

    private final String name;
    private final ObjectProperty<RunTarget> target = new SimpleObjectProperty<>(new RunTarget.ThisJvm());
    private final ReadOnlyObjectWrapper<RunState> state = new ReadOnlyObjectWrapper<>(RunState.IDLE);
    private final ReadOnlyObjectWrapper<RunRecording> recording = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<RunSummary> summary = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<RunOutcome> outcome = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyDoubleWrapper elapsedSeconds = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Not run yet.");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    /** A LiveRun or the Throwable that stopped it from starting; set by the starter thread, taken by the pulse. */
    private final AtomicReference<Object> handoff = new AtomicReference<>();
    private LiveRun current;
    private boolean stopRequested;
    /** Where the last run was started: the selector can change after it, the card must not. */
    private RunTarget ranOn;

    public CompareSideModel(String name) {
        this.name = name;
    }

    /** Starts {@code config} on the chosen target; ignored while this side is busy. */
    public void start(WorkloadConfig config) {
        if (state.get().isActive()) {
            return;
        }
        RunTarget where = target.get();
        ranOn = where;
        stopRequested = false;
        recording.set(null);
        summary.set(null);
        outcome.set(null);
        error.set("");
        elapsedSeconds.set(0);
        status.set(where instanceof RunTarget.ChildJvm ? "Starting a JVM ..." : "Starting ...");
        state.set(RunState.STARTING);
        Thread.ofPlatform().daemon().name("loomscope-compare-starter-" + name).start(() -> {
            try {
                handoff.set(RunTargets.start(where, config));
            } catch (Throwable e) {
                handoff.set(e);
            }
        });
    }

    /** Stops this side's run; returns at once (a child JVM that does not stop is killed within a second). */
    public void stop() {
        stopRequested = true;
        if (current != null) {
            current.stopInBackground(); // never on the FX thread itself: see LiveRun.stopInBackground
            status.set("Stopping ...");
        }
    }

    /** Called once per frame by the compare view's pulse. */
    public void pulse() {
        Object h = handoff.getAndSet(null);
        if (h instanceof LiveRun run) {
            current = run;
            if (stopRequested) {
                run.stopInBackground();
            }
        } else if (h instanceof Throwable t) {
            state.set(RunState.IDLE);
            error.set(t.getMessage() == null ? t.toString() : t.getMessage());
            status.set("Could not start.");
        }
        if (current == null) {
            return;
        }
        RunRecording r = current.recording();
        if (r != null && recording.get() != r) {
            recording.set(r);
            state.set(RunState.RUNNING);
            status.set("Running on Java " + r.jdkVersion() + " ...");
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
        RunOutcome how = current.outcome();
        RunSummary s = current.summary();
        outcome.set(how);
        summary.set(s);
        if (s != null) {
            elapsedSeconds.set(s.wallMillis() / 1000);
        }
        if (how.isError()) {
            error.set(how.describe() + (s == null ? "" : String.format(Locale.ROOT,
                    " — kept what was recorded: %,d of %,d tasks.", s.completed(), s.threads())));
            status.set("Failed.");
        } else if (how instanceof RunOutcome.Cancelled) {
            status.set("Stopped.");
        } else {
            status.set(String.format(Locale.ROOT, "Done: %.3f s, %,d pinned mounts.", s.wallMillis() / 1000,
                    Math.max(0, s.pinnedMounts())));
        }
        state.set(RunState.FINISHED);
        current = null;
    }

    public String name() { return name; }

    /** Where the next run goes (the selector). */
    public ObjectProperty<RunTarget> targetProperty() { return target; }

    /** Where the last run was started, whatever the selector says now; null before the first run. */
    public RunTarget ranOn() { return ranOn; }

    public ReadOnlyObjectProperty<RunState> stateProperty() { return state.getReadOnlyProperty(); }

    public RunState state() { return state.get(); }

    public ReadOnlyObjectProperty<RunRecording> recordingProperty() { return recording.getReadOnlyProperty(); }

    /** The numbers once the run ended (also for a failed run's partial recording), else null. */
    public ReadOnlyObjectProperty<RunSummary> summaryProperty() { return summary.getReadOnlyProperty(); }

    public ReadOnlyObjectProperty<RunOutcome> outcomeProperty() { return outcome.getReadOnlyProperty(); }

    public ReadOnlyDoubleProperty elapsedSecondsProperty() { return elapsedSeconds.getReadOnlyProperty(); }

    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    /** Whether this side finished with a complete, comparable time. */
    public boolean hasComparableTime() {
        return state.get() == RunState.FINISHED && outcome.get() instanceof RunOutcome.Completed && summary.get() != null;
    }
}
