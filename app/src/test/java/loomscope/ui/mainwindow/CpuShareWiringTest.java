package loomscope.ui.mainwindow;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.ui.app.MainWindow;
import loomscope.host.CpuShare;
import loomscope.ui.job.JobThreads;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.run.RunState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The window applies the CPU rule to the run going now, says so, and draws every pulse again afterwards. */
@ExtendWith(ApplicationExtension.class)
class CpuShareWiringTest {
    private MainViewModel model;
    private MainWindow view;

    @Start
    void start(Stage stage) {
        model = new MainViewModel(JobThreads.runStarters());
        view = MainWindow.of(model);
        Scene scene = new Scene(view.view(), 1280, 720);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aRunAtEveryCoreLowersItsCarriersOnlyWhileItRuns() {
        int cores = Runtime.getRuntime().availableProcessors();
        int parallelism = Math.min(64, cores);
        fx(() -> {
            model.parallelismProperty().set(parallelism);
            model.threadsTextProperty().set("3000");
            model.run();
        });
        waitFor(60, "the run to start", () -> onFx(() -> model.state() == RunState.RUNNING || model.state() == RunState.FINISHED));
        assertEquals(CpuShare.YIELDING_CARRIERS, CpuShare.forRun(parallelism, cores));
        assertTrue(onFx(() -> model.runShare().note()).contains("lowest priority"), onFx(() -> model.runShare().note()));
        assertTrue(onFx(() -> model.runShare().lowersCarriers()));
        waitFor(120, "the run to finish", () -> onFx(() -> model.state() == RunState.FINISHED));
        assertEquals(CpuShare.FULL, onFx(() -> model.cpuShare()));
        // its time is not the CLI's: the history row says so, and so will the exports made from it
        assertTrue(onFx(() -> model.history().get(0).carriersLowered()), "the run is marked in the history");
        assertTrue(onFx(() -> model.history().get(0).label()).startsWith("#1" + loomscope.report.HistoryEntry.LOWERED_MARK));
        waitFor(30, "the total under the timing", () -> onFx(() -> view.timing().totalText()).endsWith(" " + loomscope.report.HistoryEntry.LOWERED_MARK));
        assertEquals(loomscope.report.HistoryEntry.LOWERED_NOTE, onFx(() -> view.timing().loweredText()));
    }

    @Test
    void aRunThatLeavesACoreToTheWindowIsNotMarked() {
        int cores = Runtime.getRuntime().availableProcessors();
        org.junit.jupiter.api.Assumptions.assumeTrue(cores >= 2, "needs a core left over at P = 1");
        fx(() -> {
            model.parallelismProperty().set(1);
            model.threadsTextProperty().set("200");
            model.run();
        });
        waitFor(120, "the run to finish", () -> onFx(() -> model.state() == RunState.FINISHED));
        assertTrue(!onFx(() -> model.history().get(0).carriersLowered()), "a P = 1 run keeps its carrier's priority");
        waitFor(30, "the total under the timing", () -> onFx(() -> view.timing().totalText()).startsWith("Total execution time: "));
        assertEquals("", onFx(() -> view.timing().loweredText()));
    }
}
