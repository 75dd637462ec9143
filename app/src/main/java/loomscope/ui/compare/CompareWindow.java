package loomscope.ui.compare;

import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.widgets.WindowPlacement;

/** Opens the compare view in its own window; closing it stops its runs (and kills any child JVM left). */
public final class CompareWindow {

    private CompareWindow() { }

    /**
     * Shows {@code model} (built by the composition root) in a window of its own.
     *
     * @param catalog    the "Run on" choices both sides offer
     * @param cardExport where "Export card" writes, or null for no such button
     */
    public static CompareView open(Window owner, CompareViewModel model, RunOnCatalog catalog, CompareCard.Export cardExport) {
        CompareView view = new CompareView(model, catalog);
        view.setCardExport(cardExport);
        Stage stage = new Stage();
        if (owner != null) {
            stage.initOwner(owner);
        }
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(view, Math.min(1900, screen.getWidth()), Math.min(1040, screen.getHeight()));
        AppTheme.current().applyTo(scene);
        stage.setTitle("LoomScope - the same workload on two JVMs");
        stage.setMinWidth(Math.min(1280, screen.getWidth()));   // as the main window: never more than the screen
        stage.setMinHeight(Math.min(720, screen.getHeight()));
        stage.setScene(scene);
        view.installTimeKeys(scene);
        WindowPlacement.keepOnScreen(stage);
        stage.setOnHidden(e -> {
            view.model().stop();
            view.stopPulse();
        });
        stage.show();
        view.discoverAndPickDefaults();
        return view;
    }
}
