package loomscope.ui.presentation;

import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;
import loomscope.ui.keys.KeyBinding;

/** The {@code ?} overlay: every key LoomScope answers to, readable from the stage. */
public final class ShortcutsOverlay extends StackPane {

    public ShortcutsOverlay() {
        getStyleClass().add("shortcuts-overlay");
        setId("shortcuts-overlay");
        GridPane card = new GridPane();
        card.getStyleClass().add("shortcuts-card");
        Label title = new Label("Keys");
        title.getStyleClass().add("shortcuts-title");
        card.add(title, 0, 0, 4, 1);
        // two columns, window keys beside plain keys: 24 rows of 24 px type would not fit a 720 px screen
        int[] rows = new int[KeyBinding.Scope.values().length];
        for (KeyBinding.Scope scope : KeyBinding.Scope.values()) {
            Label heading = new Label(scope == KeyBinding.Scope.WINDOW ? "In the window, whatever has focus" : "Plain keys (and on stage)");
            heading.getStyleClass().add("shortcut-what");
            card.add(heading, 2 * scope.ordinal(), 1, 2, 1);
            rows[scope.ordinal()] = 2;
        }
        for (KeyBinding key : KeyBinding.values()) {
            int column = 2 * key.scope().ordinal();
            Label k = new Label(key.keys());
            k.getStyleClass().add("shortcut-key");
            Label what = new Label(key.does());
            what.getStyleClass().add("shortcut-what");
            what.setWrapText(true);
            what.setMaxWidth(460);
            card.add(k, column, rows[key.scope().ordinal()]);
            card.add(what, column + 1, rows[key.scope().ordinal()]++);
        }
        card.setMaxSize(USE_PREF_SIZE, USE_PREF_SIZE);
        getChildren().add(card);
        setOnMouseClicked(e -> setVisible(false));
        setVisible(false);
    }

    public void toggle() {
        setVisible(!isVisible());
        if (isVisible()) {
            toFront();
        }
    }
}
