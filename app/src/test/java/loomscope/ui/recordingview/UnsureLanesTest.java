package loomscope.ui.recordingview;

import static loomscope.ui.UiTestSupport.countPixels;
import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.recording.UnsureRun;
import loomscope.recording.VtState;
import loomscope.scenario.SeedScenario;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.HatchPaint;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * An unsure mount in the lanes and the field: hatched in its own colour over the whole mount, in the carrier's box
 * too, never red and never plain running; both legends explain it, and only when the run has one.
 */
@ExtendWith(ApplicationExtension.class)
class UnsureLanesTest {
    private RecordingView view;
    private RunRecording recording;

    @Start
    void start(Stage stage) {
        view = new RecordingView();
        Scene scene = new Scene(view, 1200, 700);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @BeforeEach
    void record() {
        recording = UnsureRun.record();
        fx(() -> {
            view.lanes().setTrailSeconds(0.1);
            view.setRecording(recording);
        });
    }

    @Test
    void theUnsureMountIsHatchedInItsOwnColourAcrossTheLaneAndInItsBox() {
        fx(() -> view.showAt(UnsureRun.at(recording, 40)));
        LanesCanvas lanes = view.lanes();
        Palette p = onFx(view::palette);
        Color unsure = p.of(VtState.UNSURE);
        Color stripe = HatchPaint.stripe(unsure);
        assertTrue(onFx(() -> lanes.unsureDrawn(0)));
        assertFalse(onFx(() -> lanes.pinnedDrawn(0)));
        assertFalse(onFx(() -> lanes.unsureDrawn(1)));
        assertTrue(onFx(() -> lanes.pinnedDrawn(1)));

        WritableImage img = snapshot(lanes.canvas());
        int boxX = (int) Math.ceil(onFx(lanes::nowBoxX));
        int w = (int) img.getWidth();
        // the finished run's 62 ms span the lane: the unsure mount is drawn from 1 ms to t = 40 ms
        LanesCanvas.LaneGeometry g = onFx(lanes::geometry);
        int mountX0 = (int) Math.ceil(g.x(UnsureRun.at(recording, 1))) + 1;
        int mountX1 = (int) Math.floor(g.x(UnsureRun.at(recording, 40))) - 1;
        assertTrue(mountX1 - mountX0 > (boxX - 200) / 2, "the mount fills over half the lane: " + mountX0 + ".." + mountX1);
        assertTrue(region(img, unsure, lanes, 0, mountX0, mountX1) > 2_000, "lane 0 trail: unsure colour");
        assertTrue(region(img, stripe, lanes, 0, mountX0, mountX1) > 1_000, "lane 0 trail: hatched");
        assertTrue(region(img, unsure, lanes, 0, boxX, w) > 500, "lane 0 box: unsure");
        assertEquals(0, region(img, p.pinned(), lanes, 0, 0, w), "an unsure mount is never drawn pinned");
        assertEquals(0, region(img, p.running(), lanes, 0, mountX0 + 2, w), "nor running");
        assertEquals(0, region(img, unsure, lanes, 1, 0, w), "lane 1's pinned and running mounts are not unsure");
        assertTrue(region(img, p.pinned(), lanes, 1, 200, w) > 500, "lane 1: pinned");
    }

    @Test
    void theFieldAndBothLegendsShowTheUnsureThread() throws java.io.IOException {
        fx(() -> view.showAt(UnsureRun.at(recording, 40)));
        assertEquals(VtState.UNSURE, onFx(() -> view.field().stateDrawn(0)));
        assertEquals(1, (int) onFx(() -> view.field().count(VtState.UNSURE)));
        assertEquals("1", onFx(() -> view.stateLegend().countText(VtState.UNSURE)));
        assertTrue(onFx(() -> view.stateLegend().showing(VtState.UNSURE)));
        assertTrue(onFx(() -> view.laneLegend().unsureShown()));
        Palette p = onFx(view::palette);
        assertTrue(countPixels(snapshot(view.field().canvas()), p.of(VtState.UNSURE)) > 20, "the field's cell");
        // to look at (not compared): the lanes, legends and field as the window shows them
        javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(onFx(() -> view.snapshot(null, null)), null),
                "png", new java.io.File("target/unsure-recording-view.png"));
    }

    @Test
    void aRunWithoutUnsureMountsHasNoUnsureLegend() {
        RunRecording none = new RunRecording(loomscope.scenario.SeedScenario.config().withThreads(2), "25.0.3+9-test");
        RunRecorder recorder = new RunRecorder(none);
        recorder.runStarted(System.nanoTime());
        recorder.runEnded(System.nanoTime(), 0, false);
        fx(() -> {
            view.setRecording(none);
            view.showAt(none.runEnd());
        });
        assertFalse(onFx(() -> view.stateLegend().showing(VtState.UNSURE)));
        assertFalse(onFx(() -> view.laneLegend().unsureShown()));
    }

    private static int region(WritableImage img, Color c, LanesCanvas lanes, int lane, int x0, int x1) {
        int top = (int) Math.ceil(onFx(() -> lanes.laneTop(lane)));
        int bottom = (int) Math.floor(onFx(() -> lanes.laneTop(lane) + lanes.laneHeight()));
        return countPixels(img, c, x0, top, x1, bottom);
    }
}
