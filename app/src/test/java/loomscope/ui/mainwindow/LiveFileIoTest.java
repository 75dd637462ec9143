package loomscope.ui.mainwindow;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.scenario.Scenarios;
import loomscope.ui.LanePixels;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.run.RunState;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue #44: the file-io scenario run in this JVM, its lanes read as pixels while it runs: red only over a mount a pin's
 * witness classed pinned (a file read is never one), and every held mount classed within 2 s of its end.
 */
@ExtendWith(ApplicationExtension.class)
class LiveFileIoTest {
    private static final long CLASSED_WITHIN_NANOS = TimeUnit.SECONDS.toNanos(2);

    private MainViewModel model;
    private MainWindow view;

    @Start
    void start(Stage stage) {
        model = new MainViewModel(JobThreads.runStarters());
        view = MainWindow.of(model);
        Scene scene = new Scene(view.view(), 1600, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.setWidth(1600);
        stage.setHeight(900);
        stage.show();
    }

    @AfterEach
    void stopAnyRunLeftGoing() {
        fx(() -> model.stop());
        waitFor(60, "the run to wind down", () -> !model.state().isActive());
    }

    @Test
    void aFileReadIsNeverDrawnRedWhileTheRunGoes() throws Exception {
        fx(() -> {
            model.scenarioProperty().set(Scenarios.byName("file-io"));
            model.threadsTextProperty().set("400");
            model.parallelismProperty().set(2);
        });
        fx(model::run);
        LanesCanvas lanes = view.recordingView().lanes();
        waitFor(60, "the run going", () -> model.state() == RunState.RUNNING && lanes.laneCount() > 0);
        Palette palette = onFx(() -> view.recordingView().palette());
        int frames = 0;
        int reds = 0;
        long held = 0;
        long heldLongAgo = 0;
        while (onFx(model::state) == RunState.RUNNING) {
            Object[] frame = onFx(() -> new Object[] {lanes.canvas().snapshot(null, null), view.recordingView().recording(),
                    lanes.geometry()});
            if (frame[1] instanceof RunRecording r && frame[2] instanceof LanesCanvas.LaneGeometry g) {
                frames++;
                reds += LanePixels.redOnlyOverPins((WritableImage) frame[0], r, g, palette.pinned());
                long newest = r.now();
                for (CarrierLog log : r.carriers()) {
                    for (int i = 0; i < log.size(); i++) {
                        if (log.heldByAnyWord(i) && log.end(i) < newest - CLASSED_WITHIN_NANOS) {
                            held++;
                            heldLongAgo += log.held(i) ? 1 : 0;
                        }
                    }
                }
            }
            Thread.sleep(100);
        }
        System.out.println("file-io live: " + frames + " frames, " + reds + " red pixels; of " + held
                + " held mounts older than 2 s, " + heldLongAgo + " not yet classed");
        assertTrue(heldLongAgo * 10 <= held, heldLongAgo + " of " + held + " held mounts not classed within 2 s");
    }
}
