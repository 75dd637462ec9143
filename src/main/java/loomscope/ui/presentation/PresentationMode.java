package loomscope.ui.presentation;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.input.KeyCombination;
import javafx.stage.Screen;
import javafx.stage.Stage;
import loomscope.ui.mainwindow.MainView;

/**
 * Full screen with only the lanes, the thread field, the clock and the chapter: the window's controls,
 * side panel and replay bar are hidden, but every key keeps working (they are scene filters).
 */
public final class PresentationMode {
    private final Stage stage;
    private final MainView view;
    private final Parent root;
    private final PresenterHeader header;
    private final TalkClock talkClock;
    private final ReadOnlyBooleanWrapper presenting = new ReadOnlyBooleanWrapper(false);
    private Rectangle2D windowed;
    private boolean coveredByHand;

    public PresentationMode(Stage stage, MainView view, Parent root, PresenterHeader header, TalkClock talkClock) {
        this.stage = stage;
        this.view = view;
        this.root = root;
        this.header = header;
        this.talkClock = talkClock;
    }

    public void toggle() {
        if (presenting.get()) {
            leave();
        } else {
            enter();
        }
    }

    public void enter() {
        if (presenting.get()) {
            return;
        }
        view.setControlsVisible(false);
        view.setTop(header);
        view.setSidePanelVisible(false);
        setBottomShown(false);
        root.getStyleClass().add("presenting");
        // Esc is ours (leave presentation), not the stage's; no "press Esc" banner over the first slide
        stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH);
        stage.setFullScreenExitHint("");
        windowed = new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
        stage.setFullScreen(true);
        // Without a window manager (a bare X server, some kiosk setups) full screen is silently ignored:
        // then cover the screen ourselves, once the request has had its pulse to take effect.
        Platform.runLater(this::coverScreenIfFullScreenWasIgnored);
        // a focused text field would swallow Space and digits; the lanes take focus instead
        view.recordingView().requestFocus();
        talkClock.start();
        presenting.set(true);
    }

    public void leave() {
        if (!presenting.get()) {
            return;
        }
        stage.setFullScreen(false);
        if (coveredByHand && windowed != null) {
            stage.setX(windowed.getMinX());
            stage.setY(windowed.getMinY());
            stage.setWidth(windowed.getWidth());
            stage.setHeight(windowed.getHeight());
        }
        coveredByHand = false;
        root.getStyleClass().remove("presenting");
        view.setControlsVisible(true);
        view.setSidePanelVisible(true);
        setBottomShown(true);
        presenting.set(false);
    }

    private void coverScreenIfFullScreenWasIgnored() {
        if (!presenting.get()) {
            return;
        }
        Rectangle2D screen = Screen.getScreensForRectangle(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight())
                .stream().findFirst().orElse(Screen.getPrimary()).getBounds();
        if (stage.getWidth() < screen.getWidth() - 1 || stage.getHeight() < screen.getHeight() - 1) {
            coveredByHand = true;
            stage.setX(screen.getMinX());
            stage.setY(screen.getMinY());
            stage.setWidth(screen.getWidth());
            stage.setHeight(screen.getHeight());
        }
    }

    private void setBottomShown(boolean shown) {
        Node bottom = view.getBottom();
        if (bottom != null) {
            bottom.setVisible(shown);
            bottom.setManaged(shown);
        }
    }

    public ReadOnlyBooleanProperty presentingProperty() { return presenting.getReadOnlyProperty(); }

    public boolean isPresenting() { return presenting.get(); }
}
