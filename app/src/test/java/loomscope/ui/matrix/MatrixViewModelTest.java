package loomscope.ui.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;

import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkInspector;
import loomscope.jdks.JdkInstall;
import loomscope.matrix.MatrixCell;
import loomscope.matrix.MatrixPlan;
import loomscope.matrix.PinningMatrix;
import loomscope.runs.RunTarget;
import loomscope.recording.RunSummary;
import loomscope.scenario.Scenarios;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import org.junit.jupiter.api.Test;

/** The matrix's model without a window: jobs run when the test says, as the starter thread would run them. */
class MatrixViewModelTest {

    /** The starter thread, stepped by hand: a job runs when {@link #runAll()} is called. */
    private static final class Steps implements Executor {
        final Queue<Runnable> queued = new ArrayDeque<>();

        @Override public void execute(Runnable job) { queued.add(job); }

        void runAll() {
            while (!queued.isEmpty()) {
                queued.poll().run();
            }
        }
    }

    private static final RunTarget.ChildJvm JDK25 = RunTarget.ChildJvm.of(
            new JdkInstall(Path.of("/opt/fake-25"), "25.0.1", 25, "Test", "test"));
    private static final RunTarget.ChildJvm JDK21 = RunTarget.ChildJvm.of(
            new JdkInstall(Path.of("/opt/fake-21"), "21.0.8", 21, "Test", "test"));

    private final Steps steps = new Steps();
    private final List<MatrixCell.Measured> opened = new ArrayList<>();
    private final List<String> ran = new ArrayList<>();

    /** A cell as a run would give it: JDK 21 pins every task, the 25 none; object-wait on 21 disagrees with JFR. */
    private MatrixViewModel.CellRunner fake() {
        return (scenario, jvm, threads, p, stop) -> {
            ran.add(scenario.name() + "@" + jvm.jdk().feature());
            if (stop.getAsBoolean()) {
                return new MatrixCell.NotRun(scenario.name(), MatrixPlan.columnName(jvm), MatrixCell.STOPPED);
            }
            boolean pins = jvm.jdk().feature() == 21;
            return new MatrixCell.Measured(scenario.name(), MatrixPlan.columnName(jvm), List.of(), pins ? threads : 0,
                    2L * threads, scenario.name().equals("object-wait") || !pins ? 0 : threads, null, 12.5, 0,
                    pins && scenario.name().equals("object-wait") ? threads + " pinned mounts without a JFR event" : null,
                    null, List.of());
        };
    }

    private void stepUntilIdle(MatrixViewModel model) {
        for (int frame = 0; frame < 1_000 && model.runningProperty().get(); frame++) {
            steps.runAll();
            model.pulse();
        }
    }

    @Test
    void cellsFillInOrderAsTheirRunsFinish() {
        MatrixViewModel model = new MatrixViewModel(steps, () -> List.of(JDK25, JDK21), fake(), cell -> opened.add(cell));
        model.start(40, 2);
        assertTrue(model.runningProperty().get());
        steps.runAll();
        model.pulse();
        MatrixPlan plan = model.planProperty().get();
        assertNotNull(plan, "the JVMs found make the plan");
        assertEquals(Scenarios.ALL.size() * 2, plan.cellCount());
        assertEquals(0, model.cells().size());
        steps.runAll();
        model.pulse();
        assertEquals(1, model.cells().size(), "one cell per finished run, taken up in the pulse");
        assertEquals(0.5 / Scenarios.ALL.size(), model.progressProperty().get(), 1e-9);

        stepUntilIdle(model);
        assertFalse(model.runningProperty().get());
        assertEquals(plan.cellCount(), model.cells().size());
        assertEquals("seed@25", ran.get(0));
        assertEquals("seed@21", ran.get(1), "row by row: a scenario on every JVM, then the next");
        MatrixCell.Measured seed21 = assertInstanceOf(MatrixCell.Measured.class, model.cells().get(1));
        assertEquals(40, seed21.pinnedMounts());
        assertTrue(model.messageProperty().get().contains("1 disagree with JFR"), model.messageProperty().get());
        assertEquals(1.0, model.progressProperty().get(), 1e-9);
    }

    @Test
    void cancelStopsTheRunningCellAndTheRestSayNotRun() {
        MatrixViewModel model = new MatrixViewModel(steps, () -> List.of(JDK25, JDK21), fake(), cell -> opened.add(cell));
        model.start(40, 2);
        steps.runAll();
        model.pulse();                         // the plan; cell 0 queued
        steps.runAll();
        model.pulse();                         // cell 0 in; cell 1 queued
        model.cancel();
        steps.runAll();                        // cell 1 sees the stop
        model.pulse();

        assertFalse(model.runningProperty().get());
        int count = model.planProperty().get().cellCount();
        assertEquals(count, model.cells().size(), "every cell says something");
        assertInstanceOf(MatrixCell.Measured.class, model.cells().get(0));
        for (MatrixCell rest : model.cells().subList(1, count)) {
            assertEquals(MatrixCell.STOPPED, assertInstanceOf(MatrixCell.NotRun.class, rest).why());
        }
        assertEquals(2, ran.size(), "nothing ran after the cancel");
        assertTrue(model.messageProperty().get().startsWith("Cancelled: 1 of " + count), model.messageProperty().get());
        model.open(1);
        assertTrue(opened.isEmpty(), "a cell without a run opens nothing");
        assertTrue(model.messageProperty().get().contains("not run (stopped)"), model.messageProperty().get());
    }

    @Test
    void aClickOnACellShowsItsRun() {
        MatrixViewModel model = new MatrixViewModel(steps, () -> List.of(JDK25, JDK21), fake(), cell -> opened.add(cell));
        model.start(40, 2);
        stepUntilIdle(model);
        model.open(1);
        assertEquals(List.of(model.cells().get(1)), opened);
        assertTrue(model.messageProperty().get().contains("seed on Java 21"), model.messageProperty().get());

        MatrixViewModel busy = new MatrixViewModel(steps, () -> List.of(JDK25), fake(), cell -> false);
        busy.start(40, 2);
        stepUntilIdle(busy);
        busy.open(0);
        assertTrue(busy.messageProperty().get().contains("running"), busy.messageProperty().get());
    }

    /** One real cell in a child JVM, then Cancel; its recording goes to a real main window model as a shown run. */
    @Test
    void aRealCellsRecordingOpensInTheMainWindowsModel() {
        JdkCheck check = new JdkInspector().inspect(Path.of(System.getProperty("java.home")), "test");
        RunTarget.ChildJvm thisJdk = RunTarget.ChildJvm.of(((JdkCheck.Accepted) check).jdk());
        MainViewModel main = new MainViewModel(JobThreads.runStarters());
        MatrixViewModel model = new MatrixViewModel(steps, () -> List.of(thisJdk), PinningMatrix::runCell,
                cell -> main.showOpened(cell.recording(), cell.jvmFlags(), false, "matrix: " + cell.scenario()));
        model.start(30, 2);
        steps.runAll();
        model.pulse();
        steps.runAll();                        // the seed's real run
        model.pulse();
        model.cancel();
        stepUntilIdle(model);

        MatrixCell.Measured seed = assertInstanceOf(MatrixCell.Measured.class, model.cells().get(0));
        assertEquals(30, seed.recording().threads());
        model.open(0);
        HistoryRow shown = main.lastRow();
        assertNotNull(shown, "the main window shows the cell's run");
        RunSummary summary = RunSummary.of(seed.recording());
        assertEquals(summary.threads(), shown.summary().threads());
        assertEquals(seed.pinnedMounts(), shown.summary().pinnedMounts());
        assertEquals(seed.mounts(), shown.summary().mounts());
    }
}
