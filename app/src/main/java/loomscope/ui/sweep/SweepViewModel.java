package loomscope.ui.sweep;

import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.recording.RunSummary;
import loomscope.runs.LiveRun;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.ui.job.BackgroundJob;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * Runs a {@link SweepPlan} one real run after another, each point a {@link BackgroundJob} on a starter thread, while
 * the window goes on: each point's time is the recording's wall clock, taken up in {@link #pulse()} (once per frame,
 * never a runLater per run), which then starts the next point. Cancel stops the run going at its next check (within
 * 0.1 s) and runs no further point. No toolkit call: tested without a window.
 */
public final class SweepViewModel {
    /** One finished point: the recorded wall time, and whether every task completed. */
    public record Result(int x, ThreadKind kind, double seconds, boolean completed, String jdk) { }

    /** How one point's run went: its result, or the line that ends the sweep. */
    private sealed interface PointEnd {
        record Measured(Result result) implements PointEnd { }

        record Stopped(String why) implements PointEnd { }
    }

    private final BackgroundJob<PointEnd> point;
    private final BiFunction<RunTarget, WorkloadConfig, LiveRun> start;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<SweepPlan> plan = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Result> results = FXCollections.observableArrayList();
    private RunTarget where;
    private boolean cancelAsked;

    /**
     * @param starter where the sweep waits for its runs (the window's standing run starters; a direct executor in tests)
     * @param start   starts one run where asked ({@code RunTargets::start})
     */
    public SweepViewModel(Executor starter, BiFunction<RunTarget, WorkloadConfig, LiveRun> start) {
        this.point = new BackgroundJob<>(starter);
        this.start = start;
    }

    /** Starts the sweep of {@code base} (the window's inputs) on {@code where}; one line in the message if it cannot. */
    public void start(WorkloadConfig base, RunTarget where) {
        if (running.get()) {
            message.set("A sweep is going: Cancel it first.");
            return;
        }
        if (base == null) {
            message.set("The window's inputs are not valid: fix them first.");
            return;
        }
        SweepPlan p = SweepPlan.of(base);
        if (p == null) {
            message.set("Sweeps are for waves and platform-vs-virtual; " + base.scenario().name() + " has none.");
            return;
        }
        plan.set(p);
        this.where = where;
        results.clear();
        cancelAsked = false;
        progress.set(0);
        running.set(true);
        message.set("Starting " + p.points().size() + " runs on " + where.label() + " ...");
        startPoint(p.points().getFirst());
    }

    private void startPoint(SweepPlan.Point next) {
        RunTarget target = where;
        int before = results.size();
        point.start(steps -> measure(next, target, before, steps));
    }

    /** On the starter thread: one point's run, after {@code before} measured ones. */
    private PointEnd measure(SweepPlan.Point p, RunTarget target, int before, BackgroundJob.Progress steps) {
        try {
            LiveRun run = start.apply(target, p.config());
            while (!run.await(100)) {
                if (steps.isCancelled()) {
                    run.stop();
                }
            }
            RunSummary s = run.summary();
            RunOutcome outcome = run.outcome();
            if (steps.isCancelled()) {
                return new PointEnd.Stopped("Cancelled during " + describe(p) + "; the " + before + " runs before it stay.");
            }
            if (s == null || (outcome != null && outcome.isError())) {
                return new PointEnd.Stopped("Stopped: " + describe(p) + " went wrong: "
                        + (outcome == null ? "nothing recorded" : outcome.describe()));
            }
            return new PointEnd.Measured(new Result(p.x(), p.kind(), s.wallMillis() / 1000, s.completed() == s.threads(),
                    s.jdkVersion()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new PointEnd.Stopped("Interrupted after " + before + " runs.");
        } catch (RuntimeException e) {
            return new PointEnd.Stopped("Stopped: " + describe(p) + " could not start: "
                    + (e.getMessage() == null ? e.toString() : e.getMessage()));
        }
    }

    private static String describe(SweepPlan.Point point) {
        return String.format(Locale.ROOT, "%s %,d", point.kind().cliName(), point.x());
    }

    /** Stops the run going (within 0.1 s) and runs no further point. */
    public void cancel() {
        if (running.get()) {
            cancelAsked = true;
            point.cancel();
            message.set("Cancelling ...");
        }
    }

    /** Once per frame on the FX thread: takes up the point finished since, and starts the next. */
    public void pulse() {
        if (!running.get()) {
            return;
        }
        SweepPlan p = plan.get();
        BackgroundJob.Outcome<PointEnd> outcome = point.pulse();
        String end = switch (outcome) {
            case BackgroundJob.Outcome.Done<PointEnd>(PointEnd.Measured m) -> {
                results.add(m.result());
                yield cancelAsked ? "Cancelled after " + results.size() + " of " + p.points().size() + " runs; their times stay."
                        : results.size() == p.points().size() ? String.format(Locale.ROOT, "All %d runs done.", results.size())
                        : null;
            }
            case BackgroundJob.Outcome.Done<PointEnd>(PointEnd.Stopped stopped) -> stopped.why();
            case BackgroundJob.Outcome.Failed<PointEnd> failed -> "Stopped: " + failed.error();
            case null -> null;
        };
        progress.set((double) results.size() / p.points().size());
        if (end != null) {
            running.set(false);
            message.set(end);
        } else if (outcome != null) {
            startPoint(p.points().get(results.size()));
        }
        if (running.get() && !cancelAsked) {
            message.set(String.format(Locale.ROOT, "Run %d of %d: %s ...", results.size() + 1, p.points().size(),
                    describe(p.points().get(results.size()))));
        }
    }

    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }

    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }

    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }

    /** The sweep going or last run, or null before the first. */
    public ReadOnlyObjectProperty<SweepPlan> planProperty() { return plan.getReadOnlyProperty(); }

    /** The points finished so far, in the order they ran. */
    public ObservableList<Result> results() { return results; }
}
