package loomscope.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import loomscope.runs.RunOutcome;
import loomscope.ui.run.FakeRun;
import loomscope.ui.run.RunLifecycle;
import loomscope.ui.run.RunState;
import loomscope.scenario.SeedScenario;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** Compare pairing without a window: two sides with fake runs started on the test's thread. */
class CompareViewModelTest {
    private static final WorkloadConfig CONFIG = SeedScenario.config().withThreads(4).withParallelism(2);

    private final List<FakeRun> leftRuns = new ArrayList<>();
    private final List<FakeRun> rightRuns = new ArrayList<>();
    private boolean leftThrows;
    private Supplier<WorkloadConfig> settings = () -> CONFIG;

    private CompareViewModel model() {
        RunLifecycle.Starter left = (config, where) -> {
            if (leftThrows) {
                throw new IllegalStateException("no such JDK");
            }
            FakeRun r = new FakeRun(config, where);
            leftRuns.add(r);
            return r;
        };
        RunLifecycle.Starter right = (config, where) -> {
            FakeRun r = new FakeRun(config, where);
            rightRuns.add(r);
            return r;
        };
        return new CompareViewModel(() -> settings.get(), new CompareSideViewModel("left", Runnable::run, left),
                new CompareSideViewModel("right", Runnable::run, right));
    }

    /** A run that took {@code seconds} of wall time and completed. */
    private static void completes(FakeRun run, double seconds) {
        run.hello();
        run.runStarted(0);
        run.end((long) (seconds * 1e9), 4, new RunOutcome.Completed());
    }

    @Test
    void oneAfterTheOtherStartsTheRightSideOnlyWhenTheLeftEnded() {
        CompareViewModel m = model();
        m.runBoth();
        assertTrue(m.isBusy());
        m.pulse();
        assertEquals(1, leftRuns.size());
        assertEquals(0, rightRuns.size(), "fair numbers: the right waits for the left");
        completes(leftRuns.getFirst(), 2.0);
        m.pulse();
        assertEquals(1, rightRuns.size());
        assertTrue(m.isBusy());
        completes(rightRuns.getFirst(), 0.5);
        m.pulse();
        assertFalse(m.isBusy());
        assertEquals("Left took 4.0× as long as right", m.ratioProperty().get());
        assertEquals("Both runs completed.", m.messageProperty().get());
        assertEquals(CompareViewModel.Order.ONE_AFTER_THE_OTHER, m.ranAs());
    }

    @Test
    void togetherStartsBothAtOnceAndSaysSoInTheRatio() {
        CompareViewModel m = model();
        m.orderProperty().set(CompareViewModel.Order.TOGETHER);
        assertFalse(m.warningProperty().get().isEmpty());
        m.runBoth();
        assertEquals(1, leftRuns.size());
        assertEquals(1, rightRuns.size());
        completes(leftRuns.getFirst(), 1.0);
        completes(rightRuns.getFirst(), 3.0);
        m.pulse();
        assertFalse(m.isBusy());
        assertTrue(m.ratioProperty().get().startsWith("Right took 3.0× as long as left "), m.ratioProperty().get());
    }

    @Test
    void aStoppedSideGivesNoRatio() {
        CompareViewModel m = model();
        m.orderProperty().set(CompareViewModel.Order.TOGETHER);
        m.runBoth();
        m.pulse();
        m.stop();
        FakeRun l = leftRuns.getFirst();
        assertEquals(1, l.stops);
        l.hello();
        l.runStarted(0);
        l.end(1_000_000L, 1, new RunOutcome.Cancelled("stopped"));
        completes(rightRuns.getFirst(), 1.0);
        m.pulse();
        assertFalse(m.isBusy());
        assertEquals("", m.ratioProperty().get());
        assertEquals("No ratio: a run did not complete (see its side).", m.messageProperty().get());
        assertEquals("Stopped.", m.left().statusProperty().get());
    }

    @Test
    void aLeftChildThatNeverRanStillLetsTheRightRun() {
        CompareViewModel m = model();
        m.runBoth();
        m.pulse();
        leftRuns.getFirst().end(0, 0, new RunOutcome.Crashed(1, "Unrecognized VM option", null, List.of("Unrecognized VM option 'NoSuchFlag'")));
        m.pulse();
        assertEquals(RunState.IDLE, m.left().state(), "nothing recorded: it never got going");
        assertEquals("Failed.", m.left().statusProperty().get());
        assertEquals(1, rightRuns.size(), "the right side still runs");
        assertNull(m.left().summaryProperty().get());
    }

    @Test
    void aLeftStartThatThrowsEndsTheComparison() {
        leftThrows = true;
        CompareViewModel m = model();
        m.runBoth();
        m.pulse();
        assertEquals("no such JDK", m.left().errorProperty().get());
        assertEquals(0, rightRuns.size());
        assertFalse(m.isBusy(), "usable again");
    }

    @Test
    void invalidMainWindowSettingsStartNothing() {
        settings = () -> null;
        CompareViewModel m = model();
        m.runBoth();
        assertFalse(m.isBusy());
        assertTrue(leftRuns.isEmpty());
        assertEquals("The main window's settings are not valid: fix them there first.", m.messageProperty().get());
    }

    @Test
    void aSavedRunOpenedOnEachSideIsComparedAtOnce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path folder) throws Exception {
        java.nio.file.Path slow = save(folder, "slow.loomrun", loomscope.workload.LockMode.SHARED_SYNCHRONIZED);
        java.nio.file.Path fast = save(folder, "fast.loomrun", loomscope.workload.LockMode.SYNCHRONIZED);
        CompareViewModel m = model();
        m.left().open(slow);
        m.pulse();
        assertEquals(RunState.FINISHED, m.left().state());
        assertTrue(m.left().statusProperty().get().startsWith("Opened slow.loomrun: Java "), m.left().statusProperty().get());
        assertEquals("", m.ratioProperty().get(), "one side alone is no comparison");
        m.right().open(fast);
        m.pulse();
        assertTrue(m.ratioProperty().get().startsWith("Left took "), m.ratioProperty().get());
        assertNull(m.ranAs(), "saved runs did not run together");
        m.right().open(folder.resolve("missing.loomrun"));
        m.pulse();
        assertTrue(m.right().errorProperty().get().contains("no such file"), m.right().errorProperty().get());
        assertEquals(RunState.FINISHED, m.right().state(), "a bad file changes nothing but the error line");
    }

    private static java.nio.file.Path save(java.nio.file.Path folder, String name, loomscope.workload.LockMode mode) throws Exception {
        loomscope.recording.RecordedRun run = loomscope.recording.RecordedRun.start(
                SeedScenario.config().withThreads(200).withParam(SeedScenario.CPU, 100).withParam(SeedScenario.SLEEP, 2).withParam(SeedScenario.LOCK, mode.cliName()));
        assertTrue(run.await(30_000));
        java.nio.file.Path file = folder.resolve(name);
        new loomscope.savedrun.SavedRun(run.recording(), loomscope.savedrun.RunInfo.ofThisHost(List.of(), false), List.of())
                .write(file, false);
        return file;
    }
}
