package loomscope.ui.where;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import loomscope.probe.CauseReport;
import loomscope.recording.RunRecording;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Where table in the real window: a classed run's sites beside its lanes, and a selected site's mounts framed. */
@ExtendWith(ApplicationExtension.class)
class WhereInWindowTest {
    private MainViewModel model;
    private MainWindow view;

    @Start
    void start(Stage stage) {
        model = new MainViewModel(JobThreads.runStarters(), loomscope.host.HostPolicy.forThisMachine(loomscope.host.HostPolicy.Mode.OFF));
        view = MainWindow.of(model);
        Scene scene = new Scene(view.view(), 1600, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    @SuppressWarnings("unchecked")
    void selectingASiteFramesItsMountsOnTheLanes() throws Exception {
        RunRecording run = HeldRun.record();
        onFx(() -> model.showOpened(run, List.of(), false, "held.loomrun"));
        TableView<CauseReport.Site> table = onFx(() -> (TableView<CauseReport.Site>) view.view().lookup("#where-table"));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> table.getItems().size() == 2));
        assertEquals("shop.Native.callback:7", onFx(() -> table.getItems().get(0).frame()));

        LanesCanvas lanes = view.recordingView().lanes();
        Color mark = onFx(() -> view.recordingView().palette().text());
        int before = onFx(() -> markPixels(lanes, mark));
        onFx(() -> {
            table.getSelectionModel().select(1);   // the reads: two mounts
            return null;
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> markPixels(lanes, mark)) > before + 100);
        // the site's first mount selected and in view, the range at most five times its length (the zoom's; this short
        // run's mount is a fifth of it, so here the zoom is the whole run: TimeViewAttachTest zooms a long session)
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> {
            var time = view.recordingView().time();
            int carrier = time.selectedCarrier();
            int mount = time.selectedMount(run);
            LanesCanvas.LaneGeometry g = lanes.geometry();
            return carrier >= 0 && mount >= 0 && g != null
                    && g.axis().span() <= Math.max(1_000_000L, 5 * (run.carriers()[carrier].end(mount)
                            - run.carriers()[carrier].start(mount)))
                    && g.axis().start() <= run.carriers()[carrier].start(mount)
                    && run.carriers()[carrier].end(mount) <= g.axis().end();
        }));
        onFx(() -> {
            table.getSelectionModel().clearSelection();
            return null;
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> markPixels(lanes, mark)) <= before + 10);
        assertTrue(onFx(() -> ((javafx.scene.control.Label) view.view().lookup("#where-note")).getText())
                .startsWith("2 sites where carriers were held"));
    }

    /** Pixels of the marks' colour right of the carriers' names, where only the lanes' mounts are drawn. */
    private static int markPixels(LanesCanvas lanes, Color mark) {
        WritableImage image = lanes.canvas().snapshot(null, null);
        PixelReader reader = image.getPixelReader();
        LanesCanvas.LaneGeometry g = lanes.geometry();
        int count = 0;
        for (int y = 0; y < (int) image.getHeight(); y++) {
            for (int x = (int) g.trailX() + 1; x < (int) Math.min(image.getWidth(), g.trailX() + g.trailWidth()); x++) {
                Color c = reader.getColor(x, y);
                if (Math.abs(c.getRed() - mark.getRed()) < 0.02 && Math.abs(c.getGreen() - mark.getGreen()) < 0.02
                        && Math.abs(c.getBlue() - mark.getBlue()) < 0.02) {
                    count++;
                }
            }
        }
        return count;
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }
}
