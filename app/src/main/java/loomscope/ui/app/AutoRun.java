package loomscope.ui.app;

import java.util.function.IntConsumer;

import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import loomscope.ui.history.HistoryChanges;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunState;

/**
 * {@code --autorun=N [--exit-after-run]}: N runs one after another, then the window closes. A run that is refused
 * or cannot start ends such a window with the reason on stderr and exit code 2: it used to wait for ever, silently,
 * for a run that would never come (issue #14).
 */
final class AutoRun {
    static final int FAILED = 2;

    private final MainViewModel model;
    private final boolean exitAfterRun;
    private final IntConsumer exit;
    private int runsLeft;

    private AutoRun(MainViewModel model, int runs, boolean exitAfterRun, IntConsumer exit) {
        this.model = model;
        this.runsLeft = runs;
        this.exitAfterRun = exitAfterRun;
        this.exit = exit;
    }

    /** Wires the runs; {@link #first()} starts the first (now, or when the warm-up is over). */
    static AutoRun of(MainViewModel model, WindowOptions options, IntConsumer exit) {
        AutoRun auto = new AutoRun(model, options.autoruns(), options.exitAfterRun(), exit);
        model.history().addListener((ListChangeListener<HistoryRow>) c -> {
            if (!HistoryChanges.newRuns(c).isEmpty()) {
                auto.finished();
            }
        });
        model.stateProperty().addListener((o, was, now) -> {
            if (now == RunState.IDLE && was.isActive()) {
                auto.failed();   // back to idle without a history row: the run never got going
            }
        });
        return auto;
    }

    void first() {
        if (!model.state().isActive()) {
            start();
        }
    }

    private void start() {
        runsLeft--;
        model.run();
        if (!model.state().isActive()) {
            failed();   // refused before it started: the inputs, or a run already going
        }
    }

    private void finished() {
        if (runsLeft > 0) {
            Platform.runLater(this::start);   // once per finished run: after the model has settled
        } else if (exitAfterRun) {
            exit.accept(0);
        }
    }

    private void failed() {
        if (!exitAfterRun) {
            return;   // the window stays, and shows why on its error line
        }
        String why = model.errorMessageProperty().get();
        System.err.println("loomscope: the autorun could not run: " + (why == null || why.isBlank() ? "no reason given" : why));
        exit.accept(FAILED);
    }
}
