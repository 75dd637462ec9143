package loomscope.ui.sweep;

import java.util.function.Supplier;

import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import loomscope.runs.RunTarget;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.WorkloadConfig;
import loomscope.ui.widgets.WindowPlacement;

/** The sweep in a window of its own, over the main one; one per main window, shown again when asked. */
public final class SweepWindow {
    private final Stage stage = new Stage();
    private final SweepView view;

    public SweepWindow(Window owner, SweepViewModel model, Supplier<WorkloadConfig> inputs, Supplier<RunTarget> where) {
        view = new SweepView(model, inputs, where);
        if (owner != null) {
            stage.initOwner(owner);
        }
        Scene scene = new Scene(view, 1200, 700);
        AppTheme.current().applyTo(scene);
        stage.setTitle("LoomScope - sweep: time against size, virtual and platform threads");
        stage.setScene(scene);
        WindowPlacement.keepOnScreen(stage);
        // a sweep goes on while its window is closed; closing the main window stops it (MainView)
    }

    public void show() {
        AppTheme.current().applyTo(stage.getScene());
        stage.show();
        stage.toFront();
    }

    public SweepView view() { return view; }
}
