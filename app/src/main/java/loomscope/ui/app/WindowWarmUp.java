package loomscope.ui.app;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.util.Duration;
import loomscope.host.HostPolicy;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.Scenarios;
import loomscope.ui.history.HistoryChanges;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunState;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;

/**
 * Warms the JIT before the first run. A copy of the window — its own model, probes and views — does the real
 * runs of {@link #PLAN}, shown in the window under a banner saying so (or, for tests and a window that opens
 * presenting, rendered off-screen: {@link WarmUpSurface}); then the window is back, a pause lets the JIT finish
 * what the warm-up queued, and the copy is dropped. Nothing of it reaches the window's history (its objects stay
 * reachable through theme listeners: a few MB and its idle standing threads).
 * <p>
 * Why: on 2 cores a fresh window's first run took 1.4–1.5× the CLI's time, the JIT compiling the window's code
 * (JavaFX, the software renderer, JFR's parser, the views) beside the carrier. After this warm-up the first run
 * measured a median 1.05× the CLI over nine windows (README, "The window and the CPU").
 * <p>
 * The user comes first: starting a run in the real window, or any key or click on the copy, cancels the warm-up
 * at once (the window's first run is then cold).
 * A warm-up run already going is stopped, and the window's run waits for it to end before its probes start
 * ({@link MainViewModel#setStartGate}), so that JFR counts none of the warm-up run's threads as the window's.
 */
final class WindowWarmUp {
    /**
     * What the copy runs, in order: a short pinned run over 16 lanes (the drawing of pinned lanes and of
     * many lanes), a short unpinned one over 16 yielding carriers (their code paths: without it the first such
     * run of a window kept its frame p95 at or under 20 ms in 2 of 7 windows, with it in 11 of 14), then the
     * seed run four times — it is what a talk starts with, and what the first run after the warm-up is measured
     * against (README). Four, because after two the first run still took ~1.2× the CLI.
     */
    static final List<WarmUpRun> PLAN = List.of(new WarmUpRun(LockMode.NATIVE_FRAME, 16, 1_000),
            new WarmUpRun(LockMode.SYNCHRONIZED, 16, 2_000),
            WarmUpRun.DEFAULT, WarmUpRun.DEFAULT, WarmUpRun.DEFAULT, WarmUpRun.DEFAULT);
    static final int RUNS = PLAN.size();
    /** How long the warm-up takes here, as the window says it. */
    static final String ABOUT = "about 11 s";
    /**
     * {@code -Dloomscope.warmUpRuns=N}: only the plan's first N runs (1 to {@link #RUNS}), for a quicker start and a
     * colder first run (docs/host-policy.md); unset or not a number: the whole plan.
     */
    static final String RUNS_PROPERTY = "loomscope.warmUpRuns";

    /** One run of the copy. */
    record WarmUpRun(LockMode mode, int parallelism, int threads) {
        /** The default scenario at its defaults (the seed: synchronized, P=1, 5,000 threads). */
        static final WarmUpRun DEFAULT = new WarmUpRun(
                ScenarioParams.defaults(Scenarios.DEFAULT).shape().lockMode(), Scenarios.DEFAULT.defaultParallelism(),
                Scenarios.DEFAULT.defaultThreads());
    }

    /** After the last warm-up run: time for the JIT to finish what the warm-up queued. */
    static final Duration SETTLE = Duration.seconds(3);
    /**
     * A cancelled warm-up run's copy keeps its pulse this long after the run ended, so that its probes are handed
     * over and finished (JFR stopped) by the copy's own pulse before the copy leaves its scene.
     */
    static final Duration WIND_DOWN = Duration.seconds(2);
    /** How long the window's run waits at most for a cancelled warm-up run to end. */
    static final long GATE_MILLIS = 5_000;
    /**
     * Before an attach at start ({@code --attach}), a warm-up still going after this long is cancelled, as by a key:
     * what makes it long is the target's load (one whose carriers took both cores here made it last five minutes),
     * and the attach waits for it. Elsewhere the warm-up runs to its end (a key skips it).
     */
    static final Duration CAP = Duration.seconds(30);

    /** The warm-up exists only under the small-machine policy, and trains the paths that policy takes. */
    private final MainViewModel copy = new MainViewModel(JobThreads.runStarters(),
            HostPolicy.forThisMachine(HostPolicy.Mode.SMALL));
    private final MainWindow window = MainWindow.of(copy);
    private final StackPane root = new StackPane(window.view());
    private final Scene scene;
    private final WarmUpSurface surface;
    private final PauseTransition settle = new PauseTransition(SETTLE);
    private final List<Runnable> whenOver = new ArrayList<>();
    /** Open (0) unless a cancelled warm-up run is still winding down; awaited by the window's starter thread. */
    private volatile CountDownLatch warmUpRunGoing = new CountDownLatch(0);
    /** The collection of the warm-up runs' garbage, once started: a run started during the settle waits for it. */
    private volatile CountDownLatch garbageCollection;
    private final List<WarmUpRun> plan;
    private int next;
    private boolean over;
    /** Cancelled by {@link #CAP}, not by the user. */
    private boolean capped;
    private Runnable whenRunsDone = () -> { };

    private WindowWarmUp(List<WarmUpRun> plan, AppTheme theme, double width, double height,
                         Function<WindowWarmUp, WarmUpSurface> drawnOn) {
        this.plan = plan;
        window.silenceRunLog();
        window.installProbes();
        scene = new Scene(root, width, height);
        theme.applyTo(scene);
        surface = drawnOn.apply(this);
        copy.stateProperty().addListener((o, was, now) -> {
            if (over && !now.isActive()) {
                warmUpRunGoing.countDown(); // the cancelled warm-up run has ended: the window's run may start
                dropLater(WIND_DOWN);
            } else if (!over && now == RunState.IDLE) {
                afterWarmUpRun(); // this warm-up run could not start: go on with the next
            }
        });
        copy.history().addListener((ListChangeListener<HistoryRow>) change -> {
            if (!over && !HistoryChanges.newRuns(change).isEmpty()) {
                afterWarmUpRun();
            }
        });
    }

    /**
     * Starts warming up in {@code stage}, the shown window of {@code model} (FX thread): the copy's runs are shown
     * in it until they are over, or until a key or click, or a run started in the window, cancels the warm-up.
     */
    static WindowWarmUp startOn(Stage stage, MainViewModel model, AppTheme theme) {
        return startOn(stage, model, theme, Duration.INDEFINITE, plan());
    }

    /** {@link #PLAN}, or its first runs as {@link #RUNS_PROPERTY} asks. */
    static List<WarmUpRun> plan() {
        Integer runs = Integer.getInteger(RUNS_PROPERTY);
        return runs == null ? PLAN : PLAN.subList(0, Math.max(1, Math.min(RUNS, runs)));
    }

    /** How long a plan of {@code runs} takes, as the window says it: known for the whole plan only. */
    static String about(int runs) {
        return runs == RUNS ? ABOUT : runs + " of its " + RUNS + " runs, " + RUNS_PROPERTY;
    }

    /**
     * {@link #startOn(Stage, MainViewModel, AppTheme)} with {@code plan}'s runs ({@link #PLAN}; tests: smaller runs,
     * which beside CPU hogs end in seconds where the real plan's took minutes), cancelled after {@code cap}
     * ({@link #CAP} before an attach at start, or none).
     */
    static WindowWarmUp startOn(Stage stage, MainViewModel model, AppTheme theme, Duration cap, List<WarmUpRun> plan) {
        Scene window = stage.getScene();
        return start(model, theme, window.getWidth(), window.getHeight(),
                w -> new WarmUpSurface.OnTheWindow(stage, w.scene, w.root, w::cancel), cap, plan);
    }

    /**
     * Starts warming up for the window of {@code model} (FX thread), {@code width} × {@code height} being its size,
     * the copy rendered off-screen. Says so on the window's status line; a run started in the window cancels it.
     */
    static WindowWarmUp startFor(MainViewModel model, AppTheme theme, double width, double height) {
        return startFor(model, theme, width, height, Duration.INDEFINITE);
    }

    /** {@link #startFor(MainViewModel, AppTheme, double, double)} cancelled after {@code cap} ({@link #CAP}, or none). */
    static WindowWarmUp startFor(MainViewModel model, AppTheme theme, double width, double height, Duration cap) {
        return start(model, theme, width, height, w -> new WarmUpSurface.OffScreen(w.scene), cap, plan());
    }

    private static WindowWarmUp start(MainViewModel model, AppTheme theme, double width, double height,
            Function<WindowWarmUp, WarmUpSurface> drawnOn, Duration cap, List<WarmUpRun> plan) {
        WindowWarmUp warmUp = new WindowWarmUp(plan, theme, width, height, drawnOn);
        model.showNote("Warming up (" + about(plan.size()) + "): " + plan.size() + (plan.size() == 1 ? " run" : " runs")
                + ", not kept, compile the window's code. Run skips it.");
        ChangeListener<RunState> runWins = (o, was, now) -> {
            if (now.isActive()) {
                warmUp.cancel();
            }
        };
        model.stateProperty().addListener(runWins);
        model.setStartGate(warmUp::awaitNoWarmUpRun);
        PauseTransition timeUp = new PauseTransition(cap);
        timeUp.setOnFinished(e -> {
            if (warmUp.over || warmUp.garbageCollection != null) {
                return;   // over, or every run done and only the settle left: nothing was cut short
            }
            warmUp.capped = true;
            warmUp.cancel();
        });
        warmUp.whenOver(() -> {
            timeUp.stop();
            model.stateProperty().removeListener(runWins);
            model.showNote(warmUp.capped ? "Warm-up cut short after " + (int) cap.toSeconds() + " s (the machine is busy):"
                    + " the first run may be slower. Press Run (Ctrl+R)." : "Ready. Press Run (Ctrl+R).");
        });
        if (!cap.isIndefinite()) {
            timeUp.play();
        }
        warmUp.surface.start();
        warmUp.runNext();
        return warmUp;
    }

    /** The copy's model: for tests. */
    MainViewModel copyModel() { return copy; }

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
     * Has {@code action} run once every warm-up run is done, on the warm-up's own thread after the collection of
     * their garbage (during the settle; a run started meanwhile waits for it at the gate); never if the warm-up is
     * cancelled before. Set it before the runs are over.
     */
    void whenRunsDone(Runnable action) {
        if (garbageCollection != null) {
            throw new IllegalStateException("the warm-up's runs are already done");
        }
        whenRunsDone = action;
    }

    /** An attach begun in {@code window} ends the warm-up as a run does; it waits at the same gate (MainWindow). */
    void yieldTo(MainWindow window) {
        window.whenAttachStarts(this::cancel);
    }

    /**
     * Ends the warm-up now. A warm-up run still going is stopped and winds down within about a second; the
     * window's next run waits for that (see {@link #awaitNoWarmUpRun}).
     */
    void cancel() {
        if (over) {
            return;
        }
        surface.stop();
        settle.stop();
        if (copy.stateProperty().get().isActive()) {
            warmUpRunGoing = new CountDownLatch(1); // set before the window's starter thread is handed its task
            copy.stop();
        } else {
            dropLater(Duration.ZERO);
        }
        end();
    }

    /**
     * The window's start gate (its starter thread): returns once no warm-up run is going and the collection of
     * their garbage is over, or after a few seconds.
     */
    private void awaitNoWarmUpRun() {
        try {
            warmUpRunGoing.await(GATE_MILLIS, TimeUnit.MILLISECONDS);
            CountDownLatch collection = garbageCollection;
            if (collection != null) {
                collection.await(GATE_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void afterWarmUpRun() {
        if (next < plan.size()) {
            Platform.runLater(this::runNext);   // after the copy's model has settled, like an autorun
        } else {
            surface.stop(); // the window is back: the JIT's last work is on its own drawing
            garbageCollection = collectTheWarmUpRunsGarbageThen(whenRunsDone);
            settle.setOnFinished(e -> {
                dropLater(Duration.ZERO);
                end();
            });
            settle.play();
        }
    }

    /**
     * The warm-up runs leave a young generation of several hundred MB behind; left alone, its collection fell in
     * the first ~0.1 s of the window's first run (a 43 ms pause, a 78 ms frame gap). Collected here, during the
     * settle, when the window shows nothing but the warm-up's note: {@code System.gc()}, under G1 a full
     * collection of 70-85 ms here. Off the FX thread, which must not wait for it (the pause stops every thread
     * anyway, but the FX thread should not also sit in the call); a run started meanwhile waits at the gate.
     */
    private static CountDownLatch collectTheWarmUpRunsGarbageThen(Runnable action) {
        CountDownLatch collected = new CountDownLatch(1);
        JobThreads.execute(() -> {
            try {
                System.gc();
            } finally {
                collected.countDown();
            }
            action.run();
        });
        return collected;
    }

    private void runNext() {
        if (over) {
            return; // cancelled between a warm-up run's end and this
        }
        WarmUpRun run = plan.get(next++);
        surface.runStarts(next, plan.size());
        copy.lockModeProperty().set(run.mode());
        copy.parallelismProperty().set(run.parallelism());
        copy.threadsTextProperty().set(Integer.toString(run.threads()));
        copy.run();
    }

    /** The copy leaves its scene after {@code delay}: its pulse loop stops. */
    private void dropLater(Duration delay) {
        PauseTransition wait = new PauseTransition(delay);
        wait.setOnFinished(e -> scene.setRoot(new StackPane()));
        wait.play();
    }

    private void end() {
        over = true;
        List<Runnable> actions = List.copyOf(whenOver);
        whenOver.clear();
        actions.forEach(Runnable::run);
    }
}
