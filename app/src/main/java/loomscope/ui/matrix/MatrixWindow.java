package loomscope.ui.matrix;

import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import javafx.stage.Window;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.widgets.WindowPlacement;

/** The pinning matrix in a window of its own, over the main one; one per main window, shown again when asked. Esc closes it. */
public final class MatrixWindow {
    private final Stage stage = new Stage();
    private final MatrixView view;

    public MatrixWindow(Window owner, MatrixViewModel model) {
        view = new MatrixView(model);
        if (owner != null) {
            stage.initOwner(owner);
        }
        Scene scene = new Scene(view, 1280, 720);
        AppTheme.current().applyTo(scene);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                stage.hide();
                e.consume();
            }
        });
        stage.setTitle("LoomScope - pinning matrix: what still pins today, where");
        stage.setScene(scene);
        WindowPlacement.keepOnScreen(stage);
        // the matrix goes on while its window is closed (like the sweep); closing the main window cancels it (MainWindow)
    }

    public void show() {
        AppTheme.current().applyTo(stage.getScene());
        stage.show();
        stage.toFront();
    }

    public MatrixView view() { return view; }

    public Stage stage() { return stage; }
}
