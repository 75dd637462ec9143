package loomscope.ui.app;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;
import loomscope.attach.JvmEntry;
import loomscope.recording.RunRecording;
import loomscope.ui.attach.AttachViewModel;

import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunState;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The start-up warm-up: real runs of a copy of the window, then over; and the user always wins. */
@ExtendWith(ApplicationExtension.class)
class WindowWarmUpTest {
    /** Two runs of the plan's kinds, small (P = 1 and 2: the small machine's launcher and carrier measures both apply). */
    private static final List<WindowWarmUp.WarmUpRun> SMALL_PLAN = List.of(
            new WindowWarmUp.WarmUpRun(loomscope.workload.LockMode.NATIVE_FRAME, 2, 100),
            new WindowWarmUp.WarmUpRun(loomscope.workload.LockMode.SYNCHRONIZED, 1, 200));

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.show();
    }

    @Test
    void aWarmUpShowsItsRunsInTheWindowThenGivesItBackAndSaysReady() {
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        Scene window = windowOf(model);
        AtomicInteger overCalls = new AtomicInteger();
        AtomicBoolean runsDoneOffFx = new AtomicBoolean();
        WindowWarmUp warmUp = onFx(() -> {
            // no cap, and small runs: this test wants every run done, and beside two CPU hogs the real plan's runs (on
            // nice-19 carriers and launcher) took more than 240 s; the flow is the same
            WindowWarmUp w = WindowWarmUp.startOn(stage, model, AppTheme.DARK, javafx.util.Duration.INDEFINITE, SMALL_PLAN);
            w.whenOver(overCalls::incrementAndGet);
            w.whenRunsDone(() -> runsDoneOffFx.set(!Platform.isFxApplicationThread()));
            return w;
        });
        assertTrue(onFx(() -> model.messageProperty().get()).startsWith("Warming up"));
        assertTrue(onFx(() -> stage.getScene() != window), "the copy is in the window");
        assertTrue(onFx(() -> bannerTitle().getText()).startsWith("Warming up: run 1 of " + SMALL_PLAN.size()));

        // a ceiling, not a wait
        waitFor(240, "the copy's last run to end", () -> onFx(() -> warmUp.copyModel().history().size() == SMALL_PLAN.size()));
        waitFor(30, "the window to be back", () -> onFx(() -> stage.getScene() == window));
        waitFor(30, "the warm-up to end", () -> onFx(warmUp::isOver));

        assertTrue(onFx(() -> warmUp.copyModel().history().stream().noneMatch(r -> r.cancelled())));
        assertEquals(0, onFx(() -> model.history().size()), "nothing of it reaches the window's history");
        assertEquals(1, overCalls.get());
        assertTrue(onFx(() -> model.messageProperty().get()).startsWith("Ready"));
        assertTrue(runsDoneOffFx.get(), "told, off the FX thread, that its runs are done (the window lowers the JIT)");
    }

    @Test
    void aWarmUpStillGoingAtItsCapIsCutShortAndSaysSo() {
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        Scene window = windowOf(model);
        AtomicBoolean runsDone = new AtomicBoolean();
        WindowWarmUp warmUp = onFx(() -> {
            WindowWarmUp w = WindowWarmUp.startOn(stage, model, AppTheme.DARK, javafx.util.Duration.seconds(1),
                    WindowWarmUp.PLAN);
            w.whenRunsDone(() -> runsDone.set(true));
            return w;
        });
        waitFor(30, "the cap to end the warm-up", () -> onFx(warmUp::isOver));

        assertTrue(onFx(() -> stage.getScene() == window), "the window is back");
        assertTrue(onFx(() -> warmUp.copyModel().history().size() < WindowWarmUp.RUNS), "the copy's runs were cut short");
        String note = onFx(() -> model.messageProperty().get());
        assertTrue(note.startsWith("Warm-up cut short after 1 s (the machine is busy)"), note);
        waitFor(30, "the copy's run to be stopped", () -> onFx(() -> !warmUp.copyModel().stateProperty().get().isActive()));
        assertFalse(runsDone.get(), "a warm-up cut short never says its runs are done: the JIT keeps its priority");
    }

    @Test
    void aRunStartedInTheWindowCancelsTheWarmUpAtOnce() {
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        fx(() -> stage.setScene(new javafx.scene.Scene(MainWindow.of(model).view(), 1280, 720)));
        WindowWarmUp warmUp = onFx(() -> WindowWarmUp.startFor(model, AppTheme.DARK, 1280, 720));
        waitFor(20, "the warm-up run to start", () -> onFx(() -> warmUp.copyModel().stateProperty().get() == RunState.RUNNING));

        long cancelledAt = System.nanoTime();
        fx(() -> {
            model.threadsTextProperty().set("300");
            model.run();
        });

        assertTrue(onFx(warmUp::isOver), "cancelled as the window's run started");
        waitFor(30, "the warm-up run to wind down", () -> onFx(() -> !warmUp.copyModel().stateProperty().get().isActive()));
        waitFor(30, "the window's own run", () -> onFx(() -> model.history().size() == 1));
        assertFalse(onFx(() -> model.history().get(0).cancelled()));

        // the window's run began only after the stopped warm-up run had ended (so JFR saw none of its threads), or,
        // where the warm-up's threads took longer to wind down (beside CPU hogs the drain of a stopped run on nice-19
        // carriers took seconds), once the gate's GATE_MILLIS were over: the user is never kept waiting longer
        RunRecording warmUpRun = onFx(() -> warmUp.copyModel().recordingProperty().get());
        RunRecording windowRun = onFx(() -> model.recordingProperty().get());
        assertTrue(warmUpRun.isFinished());
        long windowStart = windowRun.origin() + windowRun.runStart();
        boolean afterWarmUp = windowStart >= warmUpRun.origin() + warmUpRun.runEnd();
        boolean gateWaited = windowStart - cancelledAt >= WindowWarmUp.GATE_MILLIS * 1_000_000L * 95 / 100;
        assertTrue(afterWarmUp || gateWaited, "the window's run started before the warm-up run had ended, after only "
                + (windowStart - cancelledAt) / 1_000_000 + " ms of the gate's " + WindowWarmUp.GATE_MILLIS);
    }

    /**
     * #35: an attach begun in the window, like a run, ends the warm-up at once, and its agent goes in only after the
     * stopped warm-up run has ended (or the gate's time is over): its run would take the target's CPU. The attach here
     * is to this very JVM, which the JDK refuses: what counts is that the refusal comes after the gate.
     */
    @Test
    void anAttachBegunInTheWindowCancelsTheWarmUpAndWaitsForItsRun() {
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        MainWindow view = onFx(() -> MainWindow.of(model));
        fx(() -> stage.setScene(new javafx.scene.Scene(view.view(), 1280, 720)));
        WindowWarmUp warmUp = onFx(() -> WindowWarmUp.startFor(model, AppTheme.DARK, 1280, 720));
        fx(() -> warmUp.yieldTo(view));
        waitFor(20, "the warm-up run to start", () -> onFx(() -> warmUp.copyModel().stateProperty().get() == RunState.RUNNING));

        java.util.concurrent.atomic.AtomicLong refusedAt = new java.util.concurrent.atomic.AtomicLong();
        long attachedAt = System.nanoTime();
        fx(() -> {
            view.openAttach();
            AttachViewModel attach = view.attachModel();
            attach.stateProperty().addListener((o, was, now) -> {
                if (was == AttachViewModel.State.ATTACHING && now == AttachViewModel.State.IDLE) {
                    refusedAt.set(System.nanoTime());
                }
            });
            attach.attachTo(new JvmEntry(ProcessHandle.current().pid(), "this test", Runtime.version().toString(), null));
        });

        assertTrue(onFx(warmUp::isOver), "cancelled as the attach began");
        waitFor(30, "the warm-up run to wind down", () -> onFx(() -> !warmUp.copyModel().stateProperty().get().isActive()));
        waitFor(60, "the attach to be refused", () -> refusedAt.get() != 0);
        RunRecording warmUpRun = onFx(() -> warmUp.copyModel().recordingProperty().get());
        boolean afterWarmUp = refusedAt.get() >= warmUpRun.origin() + warmUpRun.runEnd();
        boolean gateWaited = refusedAt.get() - attachedAt >= WindowWarmUp.GATE_MILLIS * 1_000_000L * 95 / 100;
        assertTrue(afterWarmUp || gateWaited, "the attach went in before the warm-up run had ended, after only "
                + (refusedAt.get() - attachedAt) / 1_000_000 + " ms of the gate's " + WindowWarmUp.GATE_MILLIS);
    }

    @Test
    void aKeyOnTheCopySkipsTheWarmUpAndReachesTheWindow(FxRobot robot) {
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        Scene window = windowOf(model);
        fx(() -> model.threadsTextProperty().set("300"));
        AtomicBoolean runsDone = new AtomicBoolean();
        WindowWarmUp warmUp = onFx(() -> {
            WindowWarmUp w = WindowWarmUp.startOn(stage, model, AppTheme.DARK);
            w.whenRunsDone(() -> runsDone.set(true));
            return w;
        });
        waitFor(20, "the copy's first run to start",
                () -> onFx(() -> warmUp.copyModel().stateProperty().get() == RunState.RUNNING));

        robot.press(KeyCode.SHIFT).release(KeyCode.SHIFT);
        assertFalse(onFx(warmUp::isOver), "a modifier alone is not a key that skips");

        // the window's Run shortcut: R reaches the copy, with Ctrl down, and is handed on to the window
        robot.press(KeyCode.CONTROL, KeyCode.R).release(KeyCode.R, KeyCode.CONTROL);

        assertTrue(onFx(warmUp::isOver), "skipped");
        assertTrue(onFx(() -> stage.getScene() == window), "the window is back at once");
        waitFor(30, "the window's own run, started by the key", () -> onFx(() -> model.history().size() == 1));
        assertFalse(onFx(() -> model.history().get(0).cancelled()));
        assertTrue(onFx(() -> warmUp.copyModel().history().size() < WindowWarmUp.RUNS), "the copy's runs were cut short");
        assertFalse(runsDone.get(), "a skipped warm-up never says its runs are done: the JIT keeps its priority");
    }

    @Test
    void aClickOnTheCopyGivesTheWindowBack(FxRobot robot) {
        List<String> cssWarnings = new CopyOnWriteArrayList<>();
        Handler css = new Handler() {
            @Override public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    cssWarnings.add(r.getMessage());
                }
            }
            @Override public void flush() { }
            @Override public void close() { }
        };
        Logger.getLogger("javafx.css").addHandler(css);
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        Scene window = windowOf(model);
        AtomicInteger clicksInTheWindow = new AtomicInteger();
        fx(() -> window.addEventFilter(MouseEvent.MOUSE_CLICKED, e -> clicksInTheWindow.incrementAndGet()));
        WindowWarmUp warmUp = onFx(() -> WindowWarmUp.startOn(stage, model, AppTheme.DARK));
        waitFor(20, "the copy's first run to start",
                () -> onFx(() -> warmUp.copyModel().stateProperty().get() == RunState.RUNNING));

        robot.clickOn(bannerTitle());

        assertTrue(onFx(warmUp::isOver));
        assertTrue(onFx(() -> stage.getScene() == window));
        waitFor(30, "the copy's run to be stopped", () -> onFx(() -> !warmUp.copyModel().stateProperty().get().isActive()));
        assertEquals(0, clicksInTheWindow.get(), "the click's release does not click whatever the window has there");
        assertEquals(0, onFx(() -> model.history().size()), "a click only skips: it runs nothing");
        // the stopped run's row reaches the copy's table after the copy has left the stage: it used to log a
        // 'Could not resolve -color-cell-fg' CSS warning per cell (issue #15)
        waitFor(30, "the copy's stopped run in its history", () -> onFx(() -> warmUp.copyModel().history().size() == 1));
        fx(() -> { });
        Logger.getLogger("javafx.css").removeHandler(css);
        assertEquals(List.of(), cssWarnings, "no CSS warnings");
    }

    /** The test's stage as the window of {@code model}. */
    private Scene windowOf(MainViewModel model) {
        return onFx(() -> {
            Scene scene = new Scene(MainWindow.of(model).view(), 1280, 720);
            stage.setScene(scene);
            return scene;
        });
    }

    private Label bannerTitle() {
        return onFx(() -> (Label) stage.getScene().lookup("#warm-up-title"));
    }
}
