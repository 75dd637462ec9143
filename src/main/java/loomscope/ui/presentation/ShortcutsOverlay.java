package loomscope.ui.presentation;

import java.util.List;

import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.StackPane;

/** The {@code ?} overlay: every key LoomScope answers to, readable from the stage. */
public final class ShortcutsOverlay extends StackPane {

    /** Keys as the overlay shows them; {@code ui.app.StageKeys} implements them. */
    static final List<String[]> KEYS = List.of(
            new String[] {"Space", "run / stop"},
            new String[] {"1 - 5", "lock: none, shared, synchronized, ReentrantLock, native frame"},
            new String[] {"↑ / ↓", "more / fewer carriers (parallelism)"},
            new String[] {"→ / PgDn", "next chapter"},
            new String[] {"← / PgUp", "previous chapter"},
            new String[] {"R", "replay the last run from the start"},
            new String[] {"S", "export: timing cards, window, history"},
            new String[] {"P / F5", "presentation mode on / off"},
            new String[] {"Esc", "leave presentation mode (else: stop the run)"},
            new String[] {"H", "high contrast on / off"},
            new String[] {"N", "speaker notes window"},
            new String[] {"Ctrl+O", "Run on: this JVM, JDK 21, legacy locking"},
            new String[] {"?", "this list"});

    public ShortcutsOverlay() {
        getStyleClass().add("shortcuts-overlay");
        setId("shortcuts-overlay");
        GridPane card = new GridPane();
        card.getStyleClass().add("shortcuts-card");
        Label title = new Label("Keys");
        title.getStyleClass().add("shortcuts-title");
        card.add(title, 0, 0, 2, 1);
        int row = 1;
        for (String[] key : KEYS) {
            Label k = new Label(key[0]);
            k.getStyleClass().add("shortcut-key");
            Label what = new Label(key[1]);
            what.getStyleClass().add("shortcut-what");
            card.add(k, 0, row);
            card.add(what, 1, row);
            row++;
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
