package loomscope.ui.widgets;

import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import loomscope.ui.theme.AppTheme;

/**
 * A window of its own over the main one (the sweep's, the matrix's): one per main window, hidden rather than ended
 * when closed and shown again when asked, in the theme the main window has at that moment, and kept on screen.
 */
public final class OwnedWindow {
    private final Stage stage = new Stage();

    /** {@code owner} may be null (a window not yet shown): the window then has none. */
    public OwnedWindow(Window owner, Parent root, double width, double height, String title) {
        if (owner != null) {
            stage.initOwner(owner);
        }
        Scene scene = new Scene(root, width, height);
        AppTheme.current().applyTo(scene);
        stage.setTitle(title);
        stage.setScene(scene);
        WindowPlacement.keepOnScreen(stage);
    }

    /** Shows it in front, in the theme chosen since it was last shown. */
    public void show() {
        AppTheme.current().applyTo(stage.getScene());
        stage.show();
        stage.toFront();
    }

    public Stage stage() { return stage; }
}
