package loomscope.ui.matrix;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import javafx.stage.Window;
import loomscope.ui.widgets.OwnedWindow;

/** The pinning matrix in a window of its own, over the main one; one per main window, shown again when asked. Esc closes it. */
public final class MatrixWindow {
    private final OwnedWindow window;
    private final MatrixView view;

    public MatrixWindow(Window owner, MatrixViewModel model) {
        view = new MatrixView(model);
        window = new OwnedWindow(owner, view, 1280, 720, "LoomScope - pinning matrix: what still pins today, where");
        window.stage().getScene().addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                window.stage().hide();
                e.consume();
            }
        });
        // the matrix goes on while its window is closed (like the sweep); closing the main window cancels it (MainWindow)
    }

    public void show() { window.show(); }

    public MatrixView view() { return view; }

    public Stage stage() { return window.stage(); }
}
