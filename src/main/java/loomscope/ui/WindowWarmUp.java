package loomscope.ui;

import java.util.ArrayList;
import java.util.List;

import javafx.animation.AnimationTimer;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.StackPane;
import javafx.util.Duration;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.probe.ProbeUi;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;

/**
 * Warms the JIT before the first run. A hidden copy of the window — its own model, probes and views, never
 * shown — does the real runs of {@link #PLAN} and is rendered off-screen every pulse; then it is dropped and
 * nothing of it is kept or displayed. A short pause
 * follows, so that the JIT can finish what the warm-up queued.
 * <p>
 * Why: on 2 cores a fresh window's first run took 1.4–1.5× the CLI's time, the JIT compiling the window's code
 * (JavaFX, the software renderer, JFR's parser, the views) beside the carrier. After this warm-up the first run
 * measured a median 1.05× the CLI over nine windows (README, "The window and the CPU").
 * <p>
 * {@code Scene.snapshot} renders on the FX thread's time, as the export does: one frame per pulse, only while
 * the warm-up goes.
 * <p>
 * The user comes first: starting a run in the real window cancels the warm-up at once (that run is then cold).
 */
final class WindowWarmUp {
    /**
     * What the hidden copy runs, in order: a short pinned run over 16 lanes (the drawing of pinned lanes and of
     * many lanes), then the seed run four times — it is what a talk starts with, and what the first run after
     * the warm-up is measured against (README). Four, because after two the first run still took ~1.2× the CLI.
     */
    static final List<HiddenRun> PLAN = List.of(new HiddenRun(LockMode.NATIVE_FRAME, 16, 1_000),
            HiddenRun.SEED, HiddenRun.SEED, HiddenRun.SEED, HiddenRun.SEED);
    static final int RUNS = PLAN.size();

    /** One run of the hidden copy. */
    record HiddenRun(LockMode mode, int parallelism, int threads) {
        static final HiddenRun SEED = new HiddenRun(LockMode.SYNCHRONIZED, 1, 5_000);
    }

    static final Duration SETTLE = Duration.seconds(3);

    private final MainViewModel hidden = new MainViewModel();
    private final MainView view = new MainView(hidden);
    private final Scene scene;
    private final AnimationTimer render;
    private final PauseTransition settle = new PauseTransition(SETTLE);
    private final List<Runnable> whenOver = new ArrayList<>();
    private int next;
    private boolean over;

    private WindowWarmUp(AppTheme theme, double width, double height) {
        view.silenceRunLog();
        ProbeUi.install(view);
        scene = new Scene(new StackPane(view), width, height);
        theme.applyTo(scene);
        WritableImage frame = new WritableImage((int) width, (int) height);
        render = new AnimationTimer() {
            @Override
            public void handle(long now) {
                scene.snapshot(frame); // the same rendering as on screen, into an image nobody sees
            }
        };
        hidden.stateProperty().addListener((o, was, now) -> {
            if (over && !now.isActive()) {
                dropTheCopy(); // a cancelled warm-up's run has ended (its probes finish in this same pulse)
            } else if (!over && now == RunState.IDLE) {
                dropTheCopy(); // the hidden run could not start: no warm-up, but never hold up the window
                end();
            }
        });
        hidden.history().addListener((ListChangeListener<HistoryRow>) change -> {
            if (over) {
                return;
            }
            if (next < PLAN.size()) {
                Platform.runLater(this::runNext);   // after the hidden model has settled, like an autorun
            } else {
                dropTheCopy();
                settle.setOnFinished(e -> end());
                settle.play();
            }
        });
    }

    /**
     * Starts warming up for the window of {@code model} (FX thread), {@code width} × {@code height} being its size.
     * Says so on the window's status line; a run started in the window cancels the warm-up.
     */
    static WindowWarmUp startFor(MainViewModel model, AppTheme theme, double width, double height) {
        WindowWarmUp warmUp = new WindowWarmUp(theme, width, height);
        model.showNote("Warming up (about 10 s): " + RUNS + " hidden runs compile the window's code. Run skips it.");
        ChangeListener<RunState> runWins = (o, was, now) -> {
            if (now.isActive()) {
                warmUp.cancel();
            }
        };
        model.stateProperty().addListener(runWins);
        warmUp.whenOver(() -> {
            model.stateProperty().removeListener(runWins);
            model.showNote("Ready. Press Run (Ctrl+R).");
        });
        warmUp.render.start();
        warmUp.runNext();
        return warmUp;
    }

    private void runNext() {
        if (over) {
            return; // cancelled between a hidden run's end and this
        }
        HiddenRun run = PLAN.get(next++);
        hidden.lockModeProperty().set(run.mode());
        hidden.parallelismProperty().set(run.parallelism());
        hidden.threadsTextProperty().set(Integer.toString(run.threads()));
        hidden.run();
    }

    /** The hidden copy's model: for tests. */
    MainViewModel hiddenModel() { return hidden; }

    /** Runs {@code action} once, on the FX thread, when the warm-up is over (finished or cancelled). */
    void whenOver(Runnable action) {
        if (over) {
            action.run();
        } else {
            whenOver.add(action);
        }
    }

    boolean isOver() { return over; }

    /**
     * Ends the warm-up now. A hidden run still going is stopped and winds down within about a second; the copy
     * keeps its pulse (not its off-screen rendering) until then, so that the run's probes are finished and closed.
     */
    void cancel() {
        if (!over) {
            render.stop();
            settle.stop();
            if (hidden.stateProperty().get().isActive()) {
                hidden.stop();
            } else {
                dropTheCopy();
            }
            end();
        }
    }

    private void dropTheCopy() {
        render.stop();
        scene.setRoot(new StackPane()); // the copy leaves its scene: its pulse loop stops drawing
    }

    private void end() {
        over = true;
        List<Runnable> actions = List.copyOf(whenOver);
        whenOver.clear();
        actions.forEach(Runnable::run);
    }
}
