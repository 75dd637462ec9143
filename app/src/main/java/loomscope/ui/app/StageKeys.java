package loomscope.ui.app;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import loomscope.ui.export.ExportViewModel;
import loomscope.ui.keys.KeyBinding;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.presentation.PresentationMode;
import loomscope.ui.presentation.ShortcutsOverlay;
import loomscope.ui.replay.ReplayViewModel;
import loomscope.ui.talktrack.ChapterNavigator;
import loomscope.scenario.ScenarioParam;
import loomscope.workload.WorkloadConfig;
import org.fxmisc.richtext.GenericStyledArea;

/**
 * The stage keys of the one table ({@link KeyBinding}), as scene event filters so they work whatever has
 * focus and while the controls are hidden. Outside presentation mode a text field keeps its keys: one
 * types digits into N, not lock modes. Keys with Ctrl/Alt/Meta are left to the window's accelerators.
 */
final class StageKeys {
    private final MainViewModel model;
    private final ChapterNavigator chapters;
    private final PresentationMode presentation;
    private final ExportViewModel export;
    private final ShortcutsOverlay overlay;
    private final Runnable toggleNotes;
    private final Runnable toggleHighContrast;
    private final Runnable toggleWholeRun;
    private Runnable exportAnimated = () -> { };
    /** The lanes' time-view keys (zoom, fit, follow, step through mounts): the main window's lanes. */
    private java.util.function.Predicate<KeyBinding> timeKeys = key -> false;

    StageKeys(MainViewModel model, ChapterNavigator chapters, PresentationMode presentation, ExportViewModel export,
              ShortcutsOverlay overlay, Runnable toggleNotes, Runnable toggleHighContrast, Runnable toggleWholeRun) {
        this.model = model;
        this.chapters = chapters;
        this.presentation = presentation;
        this.export = export;
        this.overlay = overlay;
        this.toggleNotes = toggleNotes;
        this.toggleHighContrast = toggleHighContrast;
        this.toggleWholeRun = toggleWholeRun;
    }

    /** Shift+S: the animated export dialog. */
    void setExportAnimated(Runnable action) {
        this.exportAnimated = action == null ? () -> { } : action;
    }

    /** The lanes' time view answers its keys ({@link KeyBinding#ZOOM_IN} and the rest). */
    void setTimeKeys(java.util.function.Predicate<KeyBinding> keys) {
        this.timeKeys = keys;
    }

    void install(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (!e.isControlDown() && !e.isAltDown() && !e.isMetaDown() && !e.isShortcutDown()
                    && !typingInto(scene.getFocusOwner()) && pressed(e)) {
                e.consume();
            }
        });
        scene.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            if (KeyBinding.KEYS_CHARACTER.equals(e.getCharacter()) && !typingInto(scene.getFocusOwner())) {
                overlay.toggle();
                e.consume();
            }
        });
    }

    private boolean typingInto(Node focused) {
        // the code editor takes every key it types, also on stage (Ctrl+R runs it; Esc still leaves presentation)
        return focused instanceof GenericStyledArea<?, ?, ?>
                || !presentation.isPresenting() && focused instanceof TextInputControl;
    }

    /** @return whether the key was ours: a stage key of the one table, or Esc while this list or the stage is up */
    boolean pressed(KeyEvent e) {
        if (e.getCode() == KeyCode.ESCAPE) {
            return escape();
        }
        KeyBinding key = KeyBinding.stageKeyFor(e).orElse(null);
        if (key == null) {
            return false;
        }
        switch (key) {
            case RUN_OR_STOP -> runOrStop();
            case LOCK_MODE -> lock(e.getCode());
            case MORE_CARRIERS -> parallelism(+1);
            case FEWER_CARRIERS -> parallelism(-1);
            case NEXT_CHAPTER -> chapters.next();
            case PREVIOUS_CHAPTER -> chapters.previous();
            case REPLAY_FROM_START -> replay();
            case EXPORT -> export.exportAll();
            case EXPORT_ANIMATED -> exportAnimated.run();
            case PRESENT -> presentation.toggle();
            case HIGH_CONTRAST -> toggleHighContrast.run();
            case WHOLE_RUN -> toggleWholeRun.run();
            case NOTES -> toggleNotes.run();
            case KEYS -> overlay.toggle();
            case ZOOM_IN, ZOOM_OUT, FIT_WHOLE, FOLLOW_NOW, NEXT_MOUNT, PREVIOUS_MOUNT, NEXT_HELD -> {
                return timeKeys.test(key);
            }
            default -> throw new IllegalStateException(key + " is in the table as a stage key but has no action here");
        }
        return true;
    }

    /** Esc closes this list, else leaves presentation mode, else is the window's own (KeyBinding.STOP). */
    private boolean escape() {
        if (overlay.isVisible()) {
            overlay.setVisible(false);
        } else if (presentation.isPresenting()) {
            presentation.leave();
        } else {
            return false;
        }
        return true;
    }

    private void runOrStop() {
        if (model.state().isActive()) {
            model.stop();
        } else {
            model.run();
        }
    }

    /**
     * 1-5 (top row or keypad): the values of the chosen scenario's choice in their order (the seed's lock modes);
     * a scenario without a choice has nothing for them to choose.
     */
    private void lock(KeyCode digit) {
        ScenarioParam.Choice choice = model.inputs().chosenChoice();
        if (choice == null) {
            model.showNote("1-5 choose the seed's lock mode; " + model.scenarioProperty().get().name() + " has none.");
            return;
        }
        String name = digit.getName();
        int ordinal = name.charAt(name.length() - 1) - '1';
        if (ordinal < choice.allowed().size()) {
            model.inputs().setParam(model.scenarioProperty().get(), choice.name(), choice.allowed().get(ordinal));
        }
    }

    private void parallelism(int delta) {
        int p = model.parallelismProperty().get() + delta;
        model.parallelismProperty().set(Math.max(1, Math.min(WorkloadConfig.MAX_PARALLELISM, p)));
    }

    private void replay() {
        ReplayViewModel replay = model.replay();
        if (replay.isAvailable()) {
            replay.playingProperty().set(false);
            replay.positionProperty().set(0);
            replay.togglePlay();
        }
    }
}
