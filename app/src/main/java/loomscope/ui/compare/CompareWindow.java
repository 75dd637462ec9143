package loomscope.ui.compare;

import java.util.function.Supplier;

import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import loomscope.ui.mainwindow.RunOnCatalog;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.WorkloadConfig;

/** Opens the compare view in its own window; closing it stops its runs (and kills any child JVM left). */
public final class CompareWindow {

    private CompareWindow() { }

    /** @param settings the workload to compare: the main window's current settings (null when invalid) */
    public static CompareView open(Window owner, Supplier<WorkloadConfig> settings) {
        return open(owner, settings, null);
    }

    /** @param cardExport where "Export card" writes, or null for no such button */
    public static CompareView open(Window owner, Supplier<WorkloadConfig> settings, CompareCard.Export cardExport) {
        return open(owner, settings, cardExport, (config, where) -> loomscope.childjvm.RunTargets.start(where, config));
    }

    /** @param starter how each side starts its runs (the main window's: your code compiled for each side's JVM) */
    public static CompareView open(Window owner, Supplier<WorkloadConfig> settings, CompareCard.Export cardExport,
                                   loomscope.ui.mainwindow.RunLifecycle.Starter starter) {
        CompareView view = new CompareView(new CompareViewModel(settings,
                new CompareSideViewModel("left", loomscope.ui.job.JobThreads.runStarters(), starter),
                new CompareSideViewModel("right", loomscope.ui.job.JobThreads.runStarters(), starter)), new RunOnCatalog());
        view.setCardExport(cardExport);
        Stage stage = new Stage();
        if (owner != null) {
            stage.initOwner(owner);
        }
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(view, Math.min(1900, screen.getWidth()), Math.min(1040, screen.getHeight()));
        AppTheme.current().applyTo(scene);
        stage.setTitle("LoomScope - the same workload on two JVMs");
        stage.setMinWidth(1280);
        stage.setMinHeight(720);
        stage.setScene(scene);
        stage.setOnHidden(e -> {
            view.model().stop();
            view.stopPulse();
        });
        stage.show();
        view.discoverAndPickDefaults();
        return view;
    }
}
