package loomscope.ui.compare;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.runs.RunTargets;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.HistoryEntry;
import loomscope.ui.run.RunLifecycle;
import loomscope.ui.run.RunState;
import loomscope.ui.run.StartFailure;
import loomscope.ui.savedruns.RunFileReader;
import loomscope.workload.WorkloadConfig;

/**
 * One side of the compare view: where it runs, the run going there, its clock and how it ended. Like the
 * main window's model its run's life is a {@link RunLifecycle}: it learns about the run only in {@link #pulse()},
 * once per frame, and the start (a child JVM's process spawn) happens on the standing starter threads.
 */
public final class CompareSideViewModel {

    private final String name;
    private final RunLifecycle lifecycle;
    private final ObjectProperty<RunTarget> target = new SimpleObjectProperty<>(new RunTarget.ThisJvm());
    private final ReadOnlyObjectWrapper<RunSummary> summary = new ReadOnlyObjectWrapper<>();
    /** Unsure mounts of the run {@link #summary} describes (set before it, so whoever reads the summary sees both). */
    private long unsureMounts;
    private final ReadOnlyObjectWrapper<RunOutcome> outcome = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Not run yet.");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    /** Where the last run was started: the selector can change after it, the card must not. */
    private RunTarget ranOn;
    /** The flags the run on show ran with (a child's, or a saved run's). */
    private List<String> ranWithFlags = List.of();
    private final RunFileReader files;
    private Runnable onOpened = () -> { };

    /** A side that starts its runs where the window's do ({@code executor}: the standing run starters). */
    public CompareSideViewModel(String name, Executor executor) {
        this(name, executor, (config, where) -> RunTargets.start(where, config));
    }

    /** @param executor where runs start (threads that exist before any run; a direct executor in tests) */
    public CompareSideViewModel(String name, Executor executor, RunLifecycle.Starter starter) {
        this.name = name;
        this.lifecycle = new RunLifecycle(executor, starter);
        this.files = new RunFileReader(executor);
        lifecycle.setListener(new RunLifecycle.Listener() {
            @Override
            public void failedToStart(StartFailure failure) {
                error.set(failure.reason());
                status.set("Could not start.");
            }

            @Override
            public void began(RunRecording r) {
                status.set("Running on Java " + r.jdkVersion() + " ...");
            }

            @Override
            public void ended(RunLifecycle.Ended end) {
                showEnd(end);
            }
        });
    }

    /** Starts {@code config} on the chosen target; ignored while this side is busy. */
    public void start(WorkloadConfig config) {
        if (lifecycle.state().isActive()) {
            return;
        }
        RunTarget where = target.get();
        ranOn = where;
        ranWithFlags = where.jvmArgs();
        lifecycle.clearRecording();
        summary.set(null);
        outcome.set(null);
        error.set("");
        status.set(where.startsAJvm() ? "Starting a JVM ..." : "Starting ...");
        lifecycle.start(config, where);
    }

    /**
     * Shows a saved run on this side, as if it had just ended here: its lanes, its clock, its time on the card.
     * False, and nothing changes, while this side's run goes.
     */
    public boolean showOpened(RunRecording recording, List<String> jvmFlags, String fileName) {
        if (!lifecycle.showFinished(recording, recording.config())) {
            return false;
        }
        ranOn = null;
        ranWithFlags = List.copyOf(jvmFlags);
        RunSummary s = RunSummary.of(recording);
        unsureMounts = RunSummary.unsureMounts(recording);
        summary.set(s);
        outcome.set(s.cancelled() ? new RunOutcome.Cancelled("stopped when it was recorded") : new RunOutcome.Completed());
        error.set("");
        status.set(String.format(Locale.ROOT, "Opened %s: Java %s, %.3f s%s.", fileName.length() <= 40 ? fileName
                : fileName.substring(0, 39) + "…", s.jdkVersion(), s.wallMillis() / 1000, s.cancelled() ? ", stopped" : ""));
        onOpened.run();
        return true;
    }

    /** Told after a saved run is shown on this side (the compare view pairs it with the other side). */
    void setOnOpened(Runnable action) {
        this.onOpened = action == null ? () -> { } : action;
    }

    /** Reads {@code file} off the FX thread and shows it here; a bad file only sets the error line. */
    public void open(Path file) {
        if (lifecycle.state().isActive()) {
            error.set("Stop this side's run first: opening a file would hide it.");
            return;
        }
        files.read(file, run -> showOpened(run.recording(), run.info().jvmFlags(), run.named(String.valueOf(file.getFileName()))), error::set);
    }

    /** Stops this side's run; returns at once (a child JVM that does not stop is killed within a second). */
    public void stop() {
        if (lifecycle.stop()) {
            status.set("Stopping ...");
        }
    }

    /** Called once per frame by the compare view's pulse. */
    public void pulse() {
        files.pulse();
        lifecycle.pulse();
    }

    private void showEnd(RunLifecycle.Ended end) {
        RunOutcome how = end.outcome();
        RunSummary s = end.summary();
        unsureMounts = end.recording() == null ? 0 : RunSummary.unsureMounts(end.recording());
        outcome.set(how);
        summary.set(s);
        if (how.isError()) {
            error.set(how.describe() + (s == null ? "" : String.format(Locale.ROOT,
                    " — kept what was recorded: %,d of %,d tasks.", s.completed(), s.threads())));
            status.set("Failed.");
        } else if (how instanceof RunOutcome.Cancelled) {
            status.set("Stopped.");
        } else {
            status.set(String.format(Locale.ROOT, "Done: %.3f s, %,d pinned mounts%s.", s.wallMillis() / 1000,
                    Math.max(0, s.pinnedMounts()), HistoryEntry.unsureSuffix(unsureMounts)));
        }
    }

    public String name() { return name; }

    /** Where the next run goes (the selector). */
    public ObjectProperty<RunTarget> targetProperty() { return target; }

    /** Where the last run was started, whatever the selector says now; null before the first run or for an opened one. */
    public RunTarget ranOn() { return ranOn; }

    /** The JVM flags the run on show ran with (legacy locking), empty for a plain JVM. */
    public List<String> ranWithFlags() { return ranWithFlags; }

    public ReadOnlyObjectProperty<RunState> stateProperty() { return lifecycle.stateProperty(); }

    public RunState state() { return lifecycle.state(); }

    public ReadOnlyObjectProperty<RunRecording> recordingProperty() { return lifecycle.recordingProperty(); }

    /** The numbers once the run ended (also for a failed run's partial recording), else null. */
    public ReadOnlyObjectProperty<RunSummary> summaryProperty() { return summary.getReadOnlyProperty(); }

    /** Mounts of the last run whose carrier's clocks could not tell whether they blocked (0 before any run). */
    public long unsureMounts() { return unsureMounts; }

    public ReadOnlyObjectProperty<RunOutcome> outcomeProperty() { return outcome.getReadOnlyProperty(); }

    public ReadOnlyDoubleProperty elapsedSecondsProperty() { return lifecycle.elapsedSecondsProperty(); }

    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    /** Whether this side finished with a complete, comparable time. */
    public boolean hasComparableTime() {
        return lifecycle.state() == RunState.FINISHED && outcome.get() instanceof RunOutcome.Completed && summary.get() != null;
    }
}
