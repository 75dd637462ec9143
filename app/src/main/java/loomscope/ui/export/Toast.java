package loomscope.ui.export;

import java.nio.file.Path;
import java.util.function.Consumer;

import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.util.Duration;

/**
 * A message at the bottom of the window: where an export went (with "Open folder"), or why it failed.
 * Errors stay until dismissed; successes fade after a while so they never cover the lanes for long.
 */
public final class Toast extends HBox {
    private static final Duration SUCCESS_SHOWN_FOR = Duration.seconds(10);

    private final Label text = new Label();
    private final Button openFolder = new Button("Open folder");
    private final Button close = new Button("✕");
    private final PauseTransition hideLater = new PauseTransition(SUCCESS_SHOWN_FOR);
    private Path folder;

    public Toast(Consumer<Path> open) {
        getStyleClass().add("toast");
        setId("toast");
        text.getStyleClass().add("toast-text");
        text.setId("toast-text");
        text.setWrapText(true);
        text.setMaxWidth(1400);
        openFolder.setId("toast-open-folder");
        openFolder.setOnAction(e -> {
            if (folder != null) {
                open.accept(folder);
            }
        });
        openFolder.setFocusTraversable(false);
        close.setFocusTraversable(false);
        close.setOnAction(e -> hide());
        getChildren().addAll(text, openFolder, close);
        setAlignment(Pos.CENTER_LEFT);
        setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        StackPane.setAlignment(this, Pos.BOTTOM_CENTER);
        StackPane.setMargin(this, new Insets(0, 0, 48, 0));
        hideLater.setOnFinished(e -> hide());
        hide();
    }

    void success(String message, Path folder) {
        this.folder = folder;
        show(message, false);
        openFolder.setVisible(folder != null);
        openFolder.setManaged(folder != null);
        hideLater.playFromStart();
    }

    public void error(String message) {
        folder = null;
        show(message, true);
        openFolder.setVisible(false);
        openFolder.setManaged(false);
        hideLater.stop();
    }

    void hide() {
        setVisible(false);
        hideLater.stop();
    }

    public boolean isError() {
        return getStyleClass().contains("error");
    }

    public String text() {
        return text.getText();
    }

    private void show(String message, boolean error) {
        text.setText(message);
        getStyleClass().remove("error");
        if (error) {
            getStyleClass().add("error");
        }
        setVisible(true);
        toFront();
    }
}
