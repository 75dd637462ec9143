package loomscope.ui.recordingview;

import static loomscope.ui.UiTestSupport.countPixels;
import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import loomscope.picture.StateTimeline;
import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.recording.VtState;
import loomscope.scenario.SeedScenario;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;
import loomscope.workload.Phase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The renderers on a recording written event by event, so every colour can be checked on any JDK: a pinned
 * mount on carrier 0, and on carrier 1 (added by the pool) a thread that unmounts for its sleep.
 */
@ExtendWith(ApplicationExtension.class)
class RecordingViewTest {
    private static final long MS = 1_000_000;
    private RecordingView view;
    private RunRecording recording;
    private RunRecorder recorder;
    private long base;

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
        recording = new RunRecording(SeedScenario.config().withThreads(2).withParallelism(1), "25.0.3+9-test");
        recorder = new RunRecorder(recording);
        base = System.nanoTime();
        recorder.runStarted(base);
        recorder.carrierAdded(0, "loomscope-carrier-0", base);
        recorder.carrierAdded(1, "loomscope-carrier-1", at(1));
        // vt 0: one mount, sleeps inside it: pinned from 2 to 50 ms
        task(0, 0);
        recorder.submitted(0, at(1));
        recorder.mountStarted(0, 0, at(1), at(1));
        recorder.phase(0, Phase.CPU_DONE, at(2));
        recorder.phase(0, Phase.LOCK_REQUESTED, at(2));
        recorder.phase(0, Phase.LOCK_ACQUIRED, at(2));
        recorder.phase(0, Phase.SLEEP_START, at(2));
        recorder.phase(0, Phase.SLEEP_END, at(50));
        recorder.phase(0, Phase.LOCK_RELEASED, at(50));
        recorder.phase(0, Phase.DONE, at(50));
        recorder.mountEnded(0, 0, at(51), -1);
        // vt 1: runs 2..40 ms, unmounts for its sleep (40..60 ms), runs again 60..61 ms
        task(1, 2);
        recorder.submitted(1, at(2));
        recorder.mountStarted(1, 1, at(2), at(2));
        recorder.phase(1, Phase.CPU_DONE, at(39));
        recorder.phase(1, Phase.LOCK_REQUESTED, at(39));
        recorder.phase(1, Phase.LOCK_ACQUIRED, at(39));
        recorder.phase(1, Phase.SLEEP_START, at(40));
        recorder.mountEnded(1, 1, at(40) + 50_000, -1);
        recorder.submitted(1, at(60));
        recorder.mountStarted(1, 1, at(60), at(60));
        recorder.phase(1, Phase.SLEEP_END, at(60));
        recorder.phase(1, Phase.LOCK_RELEASED, at(60));
        recorder.phase(1, Phase.DONE, at(61));
        recorder.mountEnded(1, 1, at(61), -1);
        recorder.runEnded(at(62), 2, false);
        fx(() -> {
            view.lanes().setTrailSeconds(0.1);
            view.setRecording(recording);
        });
    }

    private void task(int vt, long startMs) {
        recorder.phase(vt, Phase.CREATED, base);
        recorder.phase(vt, Phase.STARTED, at(startMs));
    }

    private long at(long ms) { return base + ms * MS; }

    /** Recording time of {@code ms} after the run started. */
    private long rel(long ms) { return recording.runStart() + ms * MS; }

    @Test
    void pinnedMountIsRedRunningIsGreenAndThePoolsCarrierIsLabelled() {
        fx(() -> view.showAt(rel(30)));
        LanesCanvas lanes = view.lanes();
        Palette p = onFx(view::palette);
        assertEquals(2, (int) onFx(lanes::laneCount));
        assertEquals(0, (int) onFx(() -> lanes.occupantDrawn(0)));
        assertTrue(onFx(() -> lanes.pinnedDrawn(0)));
        assertEquals(1, (int) onFx(() -> lanes.occupantDrawn(1)));
        assertTrue(!onFx(() -> lanes.pinnedDrawn(1)));

        WritableImage img = snapshot(lanes.canvas());
        int boxX = (int) Math.ceil(onFx(lanes::nowBoxX));
        int w = (int) img.getWidth();
        assertTrue(region(img, p.pinned(), lanes, 0, boxX, w) > 500, "lane 0 now-box pinned");
        assertTrue(region(img, p.running(), lanes, 1, boxX, w) > 500, "lane 1 now-box running");
        assertTrue(region(img, p.pinned(), lanes, 0, 200, boxX) > 500, "lane 0 trail: the blocked part is red");
        assertEquals(0, region(img, p.pinned(), lanes, 1, 0, w), "lane 1 never pinned");
        assertTrue(region(img, p.running(), lanes, 1, 200, boxX) > 200, "lane 1 trail: running ticks");
        assertTrue(region(img, p.poolAdded(), lanes, 1, 0, 200) > 20, "lane 1 is labelled as added by the pool");
        assertEquals(0, region(img, p.poolAdded(), lanes, 0, 0, 200), "lane 0 is one of the P carriers");
    }

    /**
     * A parent's layout pass sizes the field's region before the region sizes its canvas: a frame drawn between the two
     * is laid out for the old canvas. The same instant shown again once the canvas followed lays the cells out for it
     * (a frame keyed on the region's size did not, and the cells laid out for the old canvas stayed there; found while
     * chasing OnePictureTest's cell outside the canvas, which this alone did not cure).
     */
    @Test
    void aFieldWhoseCanvasFollowedItsRegionIsLaidOutAgainAtTheSameInstant() {
        fx(() -> view.showAt(rel(55)));
        loomscope.recording.FieldLayout[] laidOut = new loomscope.recording.FieldLayout[1];
        double[] canvasHeight = new double[1];
        fx(() -> {
            loomscope.ui.field.ThreadFieldCanvas field = view.field();
            field.resize(field.getWidth(), 30);
            view.showAt(rel(56));   // drawn before the canvas follows the region
            field.requestLayout();
            field.layout();         // the canvas follows
            view.showAt(rel(56));
            laidOut[0] = field.fieldLayout();
            canvasHeight[0] = field.canvas().getHeight();
        });
        assertEquals(30, canvasHeight[0]);
        assertTrue(laidOut[0].height() <= canvasHeight[0], laidOut[0] + " in a canvas " + canvasHeight[0] + " px high");
    }

    @Test
    void afterItsMountsEveryLaneIsIdleAndTheFieldMatchesTheTimeline() {
        fx(() -> view.showAt(rel(55)));
        LanesCanvas lanes = view.lanes();
        assertEquals(-1, (int) onFx(() -> lanes.occupantDrawn(0)));
        assertEquals(-1, (int) onFx(() -> lanes.occupantDrawn(1)));
        Palette p = onFx(view::palette);
        WritableImage img = snapshot(lanes.canvas());
        int boxX = (int) Math.ceil(onFx(lanes::nowBoxX));
        assertTrue(region(img, p.idle(), lanes, 0, boxX, (int) img.getWidth()) > 500, "idle carrier looks idle");
        assertEquals(VtState.DONE, onFx(() -> view.field().stateDrawn(0)));
        assertEquals(VtState.PARKED, onFx(() -> view.field().stateDrawn(1)));
        StateTimeline timeline = new StateTimeline(recording);
        assertEquals(timeline.stateAt(1, rel(55)), onFx(() -> view.field().stateDrawn(1)));
        assertEquals(1, (int) onFx(() -> view.field().count(VtState.PARKED)));
        assertEquals("1", onFx(() -> view.stateLegend().countText(VtState.DONE)));
    }

    private static int region(WritableImage img, Color c, LanesCanvas lanes, int lane, int x0, int x1) {
        int top = (int) Math.ceil(onFx(() -> lanes.laneTop(lane)));
        int bottom = (int) Math.floor(onFx(() -> lanes.laneTop(lane) + lanes.laneHeight()));
        return countPixels(img, c, x0, top, x1, bottom);
    }
}
