package loomscope.ui.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

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
import loomscope.matrix.MatrixCell;
import loomscope.matrix.MatrixPlan;
import loomscope.matrix.PinningMatrix;
import loomscope.runs.RunTarget;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.ui.job.BackgroundJob;

/**
 * The pinning matrix in the window: the JVMs are found as a background job, then every cell is one real run in a child
 * JVM ({@link PinningMatrix#runCell}), one after another, each a {@link BackgroundJob} taken up in {@link #pulse()},
 * which starts the next. Cancel stops the running cell; it and every later cell say "not run (stopped)". A finished
 * cell keeps its recording, and {@link #open} shows it in the main window's lanes. No toolkit call: tested without a window.
 */
public final class MatrixViewModel {

    /** One cell's run; the real one is {@link PinningMatrix#runCell}. */
    @FunctionalInterface
    public interface CellRunner {
        MatrixCell run(Scenario scenario, RunTarget.ChildJvm jvm, int threads, int parallelism, BooleanSupplier stop)
                throws InterruptedException;
    }

    private final BackgroundJob<List<RunTarget.ChildJvm>> discovery;
    private final BackgroundJob<MatrixCell> cellJob;
    private final Callable<List<RunTarget.ChildJvm>> findJvms;
    private final CellRunner runner;
    private final Predicate<MatrixCell.Measured> opener;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<MatrixPlan> plan = new ReadOnlyObjectWrapper<>();
    /** The cells finished so far, in the plan's order (row by row). */
    private final ObservableList<MatrixCell> cells = FXCollections.observableArrayList();
    private int threads = MatrixPlan.DEFAULT_THREADS;
    private int parallelism = MatrixPlan.DEFAULT_PARALLELISM;
    private boolean cancelAsked;

    /**
     * @param starter  where cells wait for their child JVM (the window's standing run starters; a direct executor in tests)
     * @param findJvms the columns (JDK discovery: {@link PinningMatrix#jvmsFound}); runs on {@code starter}
     * @param opener   shows a cell's run in the main window; false if it cannot now (a run is going there)
     */
    public MatrixViewModel(Executor starter, Callable<List<RunTarget.ChildJvm>> findJvms, CellRunner runner,
                           Predicate<MatrixCell.Measured> opener) {
        this.discovery = new BackgroundJob<>(starter);
        this.cellJob = new BackgroundJob<>(starter);
        this.findJvms = findJvms;
        this.runner = runner;
        this.opener = opener;
    }

    /** Every scenario × every JVM found, each run at {@code threads} × {@code parallelism}. */
    public void start(int threads, int parallelism) {
        if (running.get()) {
            message.set("The matrix is running: Cancel it first.");
            return;
        }
        if (threads < 1 || threads > MatrixPlan.MAX_THREADS || parallelism < 1 || parallelism > 64) {
            message.set(String.format(Locale.ROOT, "Threads must be 1..%,d and P 1..64.", MatrixPlan.MAX_THREADS));
            return;
        }
        this.threads = threads;
        this.parallelism = parallelism;
        cells.clear();
        plan.set(null);
        cancelAsked = false;
        progress.set(0);
        running.set(true);
        message.set("Looking for JVMs ...");
        discovery.start(steps -> findJvms.call());
    }

    public void start() {
        start(threads, parallelism);
    }

    /** Stops the running cell at its next check; it and the cells after it say "not run (stopped)". */
    public void cancel() {
        if (running.get()) {
            cancelAsked = true;
            discovery.cancel();
            cellJob.cancel();
            message.set("Cancelling ...");
        }
    }

    /** Once per frame on the FX thread: takes up the JVMs found or the cell finished since, and starts the next. */
    public void pulse() {
        if (!running.get()) {
            return;
        }
        BackgroundJob.Outcome<List<RunTarget.ChildJvm>> found = discovery.pulse();
        switch (found) {
            case BackgroundJob.Outcome.Done<List<RunTarget.ChildJvm>>(List<RunTarget.ChildJvm> jvms) -> planFor(jvms);
            case BackgroundJob.Outcome.Failed<List<RunTarget.ChildJvm>> failed -> end("Could not look for JVMs: " + failed.error());
            case null -> { }
        }
        BackgroundJob.Outcome<MatrixCell> cell = cellJob.pulse();
        switch (cell) {
            case BackgroundJob.Outcome.Done<MatrixCell>(MatrixCell done) -> cellDone(done);
            case BackgroundJob.Outcome.Failed<MatrixCell> failed -> cellDone(PinningMatrix.notRun(plan.get(), cells.size(),
                    "failed: " + failed.error().getMessage()));
            case null -> { }
        }
    }

    private void planFor(List<RunTarget.ChildJvm> jvms) {
        if (cancelAsked) {
            end("Cancelled before the first run.");
            return;
        }
        if (jvms.isEmpty()) {
            end("No JVM to run on was found.");
            return;
        }
        plan.set(new MatrixPlan(Scenarios.ALL, jvms, threads, parallelism));
        startCell();
    }

    private void cellDone(MatrixCell cell) {
        MatrixPlan p = plan.get();
        cells.add(cell);   // a run that finished before Cancel is a real run: it keeps its numbers
        if (cancelAsked) {
            List<MatrixCell> rest = new ArrayList<>();
            for (int i = cells.size(); i < p.cellCount(); i++) {
                rest.add(PinningMatrix.notRun(p, i, MatrixCell.STOPPED));
            }
            int ran = (int) cells.stream().filter(MatrixCell.Measured.class::isInstance).count();
            cells.addAll(rest);
            progress.set(1);
            end("Cancelled: " + ran + " of " + p.cellCount() + " cells ran; the rest say not run.");
            return;
        }
        progress.set((double) cells.size() / p.cellCount());
        if (cells.size() == p.cellCount()) {
            long disagree = cells.stream().filter(c -> c instanceof MatrixCell.Measured m && !m.agreesWithJfr()).count();
            end("All " + p.cellCount() + " cells ran" + (disagree == 0 ? "; every run agrees with JFR."
                    : "; " + disagree + " disagree with JFR (framed)."));
            return;
        }
        startCell();
    }

    private void startCell() {
        MatrixPlan p = plan.get();
        int index = cells.size();
        Scenario scenario = p.scenarioOf(index);
        RunTarget.ChildJvm jvm = p.jvmOf(index);
        message.set(String.format(Locale.ROOT, "Run %d of %d: %s on %s ...", index + 1, p.cellCount(), scenario.name(),
                MatrixPlan.columnName(jvm)));
        cellJob.start(steps -> runner.run(scenario, jvm, p.threads(), p.parallelism(), steps::isCancelled));
    }

    private void end(String why) {
        running.set(false);
        message.set(why);
    }

    /** Shows cell {@code index}'s run in the main window's lanes; a cell without a run says why instead. */
    public void open(int index) {
        if (index < 0 || index >= cells.size()) {
            message.set("That cell has not run yet.");
            return;
        }
        switch (cells.get(index)) {
            case MatrixCell.Measured m -> message.set(opener.test(m)
                    ? "Showing " + m.scenario() + " on " + m.jvm() + " in the main window."
                    : "The main window is running: stop it first, then open the cell.");
            case MatrixCell.NotRun n -> message.set(n.scenario() + " on " + n.jvm() + ": " + n.why() + " (no run to show).");
        }
    }

    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }

    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }

    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }

    /** The matrix going or last run, or null before its JVMs are known. */
    public ReadOnlyObjectProperty<MatrixPlan> planProperty() { return plan.getReadOnlyProperty(); }

    /** The finished cells, in the plan's order. */
    public ObservableList<MatrixCell> cells() { return cells; }

    public int threads() { return threads; }

    public int parallelism() { return parallelism; }
}
