package loomscope.ui.sweep;

import java.util.function.Supplier;

import javafx.stage.Window;
import loomscope.runs.RunTarget;
import loomscope.ui.widgets.OwnedWindow;
import loomscope.workload.WorkloadConfig;

/** The sweep in a window of its own, over the main one; one per main window, shown again when asked. */
public final class SweepWindow {
    private final OwnedWindow window;
    private final SweepView view;

    public SweepWindow(Window owner, SweepViewModel model, Supplier<WorkloadConfig> inputs, Supplier<RunTarget> where) {
        view = new SweepView(model, inputs, where);
        window = new OwnedWindow(owner, view, 1200, 700, "LoomScope - sweep: time against size, virtual and platform threads");
        // a sweep goes on while its window is closed; closing the main window stops it (MainView)
    }

    public void show() { window.show(); }

    public SweepView view() { return view; }
}
