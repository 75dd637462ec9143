package loomscope.ui.sweep;

import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
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
import loomscope.childjvm.LiveRun;
import loomscope.childjvm.RunOutcome;
import loomscope.childjvm.RunTarget;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * Runs a {@link SweepPlan} one real run after another on a starter thread, while the window goes on: each point's
 * time is the recording's wall clock, handed over in {@link #pulse()} (once per frame, never a runLater per
 * run). Cancel stops the run going at its next check (within 0.1 s) and runs no further point. No toolkit call:
 * tested without a window.
 */
public final class SweepViewModel {
    /** One finished point: the recorded wall time, and whether every task completed. */
    public record Result(int x, ThreadKind kind, double seconds, boolean completed, String jdk) { }

    private final Executor starter;
    private final BiFunction<RunTarget, WorkloadConfig, LiveRun> start;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<SweepPlan> plan = new ReadOnlyObjectWrapper<>();
    private final ObservableList<Result> results = FXCollections.observableArrayList();
    private final Queue<Result> finished = new ConcurrentLinkedQueue<>();
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicBoolean cancel = new AtomicBoolean();
    private final AtomicReference<String> ending = new AtomicReference<>();
    private volatile String now = "";

    /**
     * @param starter where the sweep waits for its runs (the window's standing run starters; a direct executor in tests)
     * @param start   starts one run where asked ({@code RunTargets::start})
     */
    public SweepViewModel(Executor starter, BiFunction<RunTarget, WorkloadConfig, LiveRun> start) {
        this.starter = starter;
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
        results.clear();
        finished.clear();
        done.set(0);
        cancel.set(false);
        ending.set(null);
        progress.set(0);
        running.set(true);
        message.set("Starting " + p.points().size() + " runs on " + where.label() + " ...");
        starter.execute(() -> ending.set(work(p, where)));
    }

    /** On the starter thread: each point in turn; returns the closing line. */
    private String work(SweepPlan p, RunTarget where) {
        for (SweepPlan.Point point : p.points()) {
            if (cancel.get()) {
                return "Cancelled after " + done.get() + " of " + p.points().size() + " runs; their times stay.";
            }
            now = describe(point);
            try {
                LiveRun run = start.apply(where, point.config());
                while (!run.await(100)) {
                    if (cancel.get()) {
                        run.stop();
                    }
                }
                RunSummary s = run.summary();
                RunOutcome outcome = run.outcome();
                if (cancel.get()) {
                    return "Cancelled during " + describe(point) + "; the " + done.get() + " runs before it stay.";
                }
                if (s == null || (outcome != null && outcome.isError())) {
                    return "Stopped: " + describe(point) + " went wrong: " + (outcome == null ? "nothing recorded" : outcome.describe());
                }
                finished.add(new Result(point.x(), point.kind(), s.wallMillis() / 1000, s.completed() == s.threads(),
                        s.jdkVersion()));
                done.incrementAndGet();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return "Interrupted after " + done.get() + " runs.";
            } catch (RuntimeException e) {
                return "Stopped: " + describe(point) + " could not start: " + (e.getMessage() == null ? e.toString() : e.getMessage());
            }
        }
        return String.format(Locale.ROOT, "All %d runs done.", p.points().size());
    }

    private static String describe(SweepPlan.Point point) {
        return String.format(Locale.ROOT, "%s %,d", point.kind().cliName(), point.x());
    }

    /** Stops the run going (within 0.1 s) and runs no further point. */
    public void cancel() {
        if (running.get()) {
            cancel.set(true);
            message.set("Cancelling ...");
        }
    }

    /** Once per frame on the FX thread: takes up the points finished since, and the end. */
    public void pulse() {
        if (!running.get()) {
            return;
        }
        for (Result r = finished.poll(); r != null; r = finished.poll()) {
            results.add(r);
        }
        SweepPlan p = plan.get();
        progress.set((double) results.size() / Math.max(1, p.points().size()));
        String end = ending.getAndSet(null);
        if (end != null) {
            for (Result r = finished.poll(); r != null; r = finished.poll()) {
                results.add(r);
            }
            running.set(false);
            message.set(end);
        } else if (!cancel.get()) {
            message.set(String.format(Locale.ROOT, "Run %d of %d: %s ...", results.size() + 1, p.points().size(), now));
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
