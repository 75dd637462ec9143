package loomscope.ui.app;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import loomscope.ui.export.ExportController;
import loomscope.ui.presentation.PresentationMode;
import loomscope.ui.presentation.ShortcutsOverlay;
import loomscope.ui.replay.ReplayModel;
import loomscope.ui.run.MainViewModel;
import loomscope.ui.talktrack.ChapterNavigator;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;

/**
 * The stage keys (see {@link ShortcutsOverlay#KEYS}), as scene event filters so they work whatever has
 * focus and while the controls are hidden. Outside presentation mode a text field keeps its keys: one
 * types digits into N, not lock modes. Keys with Ctrl/Alt/Meta are left to the window's accelerators.
 */
final class StageKeys {
    private final MainViewModel model;
    private final ChapterNavigator chapters;
    private final PresentationMode presentation;
    private final ExportController export;
    private final ShortcutsOverlay overlay;
    private final Runnable toggleNotes;
    private final Runnable toggleHighContrast;

    StageKeys(MainViewModel model, ChapterNavigator chapters, PresentationMode presentation, ExportController export,
              ShortcutsOverlay overlay, Runnable toggleNotes, Runnable toggleHighContrast) {
        this.model = model;
        this.chapters = chapters;
        this.presentation = presentation;
        this.export = export;
        this.overlay = overlay;
        this.toggleNotes = toggleNotes;
        this.toggleHighContrast = toggleHighContrast;
    }

    void install(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (!e.isControlDown() && !e.isAltDown() && !e.isMetaDown() && !e.isShortcutDown()
                    && !typingInto(scene.getFocusOwner()) && pressed(e.getCode())) {
                e.consume();
            }
        });
        scene.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            if ("?".equals(e.getCharacter()) && !typingInto(scene.getFocusOwner())) {
                overlay.toggle();
                e.consume();
            }
        });
    }

    private boolean typingInto(Node focused) {
        return !presentation.isPresenting() && focused instanceof TextInputControl;
    }

    /** @return whether the key was ours */
    boolean pressed(KeyCode code) {
        switch (code) {
            case SPACE -> runOrStop();
            case DIGIT1, NUMPAD1 -> lock(0);
            case DIGIT2, NUMPAD2 -> lock(1);
            case DIGIT3, NUMPAD3 -> lock(2);
            case DIGIT4, NUMPAD4 -> lock(3);
            case DIGIT5, NUMPAD5 -> lock(4);
            case UP -> parallelism(+1);
            case DOWN -> parallelism(-1);
            case RIGHT, PAGE_DOWN -> chapters.next();
            case LEFT, PAGE_UP -> chapters.previous();
            case R -> replay();
            case S -> export.exportAll();
            case P, F5 -> presentation.toggle();
            case H -> toggleHighContrast.run();
            case N -> toggleNotes.run();
            case F1 -> overlay.toggle();
            case ESCAPE -> {
                if (overlay.isVisible()) {
                    overlay.setVisible(false);
                } else if (presentation.isPresenting()) {
                    presentation.leave();
                } else {
                    return false; // the window's own Esc: stop the run
                }
            }
            default -> {
                return false;
            }
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

    private void lock(int ordinal) {
        model.lockModeProperty().set(LockMode.values()[ordinal]);
    }

    private void parallelism(int delta) {
        int p = model.parallelismProperty().get() + delta;
        model.parallelismProperty().set(Math.max(1, Math.min(WorkloadConfig.MAX_PARALLELISM, p)));
    }

    private void replay() {
        ReplayModel replay = model.replay();
        if (replay.isAvailable()) {
            replay.playingProperty().set(false);
            replay.positionProperty().set(0);
            replay.togglePlay();
        }
    }
}
