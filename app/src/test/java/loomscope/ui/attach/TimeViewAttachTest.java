package loomscope.ui.attach;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javafx.event.Event;
import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.PickResult;
import javafx.scene.input.ScrollEvent;
import javafx.stage.Stage;
import loomscope.attach.JvmEntry;
import loomscope.probe.MountInspector;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.recordingview.TimeViewModel;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue #46's time view on an attached server ({@code BusyRoutesTarget serve}: a pinned 20 ms sleep, a pipe read and a
 * parking socket read, a request of each every 50 ms), through the attach window's own input: after 30 s it follows
 * now (the last 10 s, the newest mount at the right edge); Ctrl+wheel over a held mount zooms until it is 100 px wide;
 * a click on it puts its stack in the inspector; 0 shows the whole session; the wheel back stops following and End
 * follows again.
 */
@ExtendWith(ApplicationExtension.class)
class TimeViewAttachTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    private final ExecutorService jobs = Executors.newFixedThreadPool(2);
    private final TargetJvms targets = new TargetJvms();
    private AttachViewModel model;
    private AttachView view;
    private Scene scene;

    @TempDir
    Path dir;

    @Start
    void start(Stage stage) {
        model = new AttachViewModel(jobs);
        view = new AttachView(model);
        scene = new Scene(view, 1500, 950);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stopAll() throws InterruptedException {
        targets.endAll();
        jobs.shutdownNow();
    }

    @Test
    void followsNowZoomsToOneMountInspectsItFitsTheWholeAndFollowsAgain() throws Exception {
        Process server = targets.busyRoutes(dir, Path.of(System.getProperty("java.home")), "--enable-native-access=ALL-UNNAMED");
        fx(model::refresh);
        pulseUntil(60, "the server listed", () -> listed(server) != null);
        fx(() -> model.listedJvms().selectedProperty().set(listed(server)));
        fx(model::attach);
        pulseUntil(120, "the server attached", () -> model.state() == AttachViewModel.State.ATTACHED);
        long attachedAt = System.nanoTime();
        LanesCanvas lanes = view.lanes().lanes();
        TimeViewModel time = view.lanes().time();
        while (System.nanoTime() - attachedAt < 30 * S) {
            fx(() -> view.pulse(System.nanoTime()));
            Thread.sleep(50);
        }

        // following now: the last 10 s, ending at the newest time drawn, the newest mount at the right edge
        LanesCanvas.LaneGeometry followed = frame();
        RunRecording r = view.lanes().recording();
        assertTrue(time.following());
        assertEquals(10 * S, followed.axis().span(), "the range is 10 s");
        assertTrue(followed.axis().sliding());
        assertEquals(followed.t(), followed.axis().end(), "the right edge is now");
        long newest = newestMountEnd(r);
        double newestX = followed.x(newest);
        double rightEdge = followed.trailX() + followed.trailWidth();
        System.out.printf("after 30 s: %d mounts; the newest ends %.1f ms before the right edge (%.1f px)%n",
                mounts(r), (followed.axis().end() - newest) / 1e6, rightEdge - newestX);
        assertTrue(rightEdge - newestX <= 0.02 * followed.trailWidth(), "the newest mount within 2 % of the width of"
                + " the right edge (the agent delivers its episodes in batches): " + (rightEdge - newestX) + " px");

        // a held mount with a stack, well inside the range: Ctrl+wheel over it until it is 100 px wide
        int[] held = heldMountWithStack(r, followed);
        assertTrue(held[0] >= 0, "a held mount with a stack in the last 10 s");
        CarrierLog log = r.carriers()[held[0]];
        long start = log.start(held[1]);
        long end = log.end(held[1]);
        double y = lanes.laneTop(held[0]) + lanes.laneHeight() / 2;
        int notches = 0;
        while (width(frame(), start, end) < 100 && notches < 200) {
            double x = (frame().x(start) + frame().x(end)) / 2;
            fx(() -> Event.fireEvent(lanes, scroll(lanes, x, y, 40, true)));
            notches++;
        }
        LanesCanvas.LaneGeometry zoomed = frame();
        double wide = width(zoomed, start, end);
        System.out.printf("%d Ctrl+wheel notches: a %.2f ms mount %.0f px wide, the range %.1f ms%n", notches,
                (end - start) / 1e6, wide, zoomed.axis().span() / 1e6);
        assertTrue(wide >= 100, "one mount at least 100 px wide: " + wide);
        assertFalse(time.following(), "a zoom holds the range");

        // a click on it: selected, its stack in the inspector
        double cx = (zoomed.x(start) + zoomed.x(end)) / 2;
        fx(() -> Event.fireEvent(lanes, click(lanes, cx, y)));
        frame();
        RunRecording shown = view.lanes().recording();
        assertEquals(held[0], time.selectedCarrier());
        assertEquals(start, shown.carriers()[held[0]].start(time.selectedMount(shown)), "that mount selected");
        assertTrue(onFx(() -> view.inspector().isVisible()), "the inspector is shown");
        MountInspector.MountInspection expected = MountInspector.of(r, log, held[1]);
        assertEquals(expected.thread() + ": one mount", onFx(() -> view.inspector().subjectText()));
        assertEquals(expected.stack().size(), onFx(() -> view.inspector().stack().getItems().size()));
        assertTrue(expected.stack().size() > 0);

        // 0: the whole session
        fx(() -> Event.fireEvent(scene, key(KeyCode.DIGIT0)));
        LanesCanvas.LaneGeometry whole = frame();
        assertEquals(r.runStart(), whole.axis().start(), "from the session's start");
        assertTrue(whole.axis().span() >= 30 * S, "the whole session: " + whole.axis().span() / 1e9 + " s");
        assertEquals(whole.t(), whole.axis().end(), "to now");

        // End follows; the wheel back stops following (the range stays put while the session goes on); End again
        fx(() -> Event.fireEvent(scene, key(KeyCode.END)));
        assertEquals(10 * S, frame().axis().span());
        assertTrue(time.following());
        double mid = frame().trailX() + frame().trailWidth() / 2;
        fx(() -> Event.fireEvent(lanes, scroll(lanes, mid, y, 40, false)));
        TimeAxis back = frame().axis();
        assertFalse(time.following(), "scrolled back: not following");
        assertTrue(back.end() < frame().t(), "the range ends before now");
        Thread.sleep(500);
        assertEquals(back, frame().axis(), "a held range stays while the session goes on");
        fx(() -> Event.fireEvent(scene, key(KeyCode.END)));
        LanesCanvas.LaneGeometry again = frame();
        assertTrue(time.following(), "End: following again");
        assertEquals(again.t(), again.axis().end());

        fx(model::stop);
        pulseUntil(120, "detached", () -> model.state() == AttachViewModel.State.IDLE);
        assertTrue(server.isAlive(), "the server runs on");
    }

    /** One frame drawn (the window's pulse) and where it put its lanes. */
    private LanesCanvas.LaneGeometry frame() {
        return onFx(() -> {
            view.pulse(System.nanoTime());
            return view.lanes().lanes().geometry();
        });
    }

    private static double width(LanesCanvas.LaneGeometry g, long start, long end) {
        return g.x(end) - g.x(start);
    }

    /** The newest completed mount's end, of every carrier. */
    private static long newestMountEnd(RunRecording r) {
        long newest = Long.MIN_VALUE;
        for (CarrierLog log : r.carriers()) {
            if (log.size() > 0) {
                newest = Math.max(newest, log.end(log.size() - 1));
            }
            if (log.openVt() >= 0) {
                newest = Math.max(newest, log.openStart());
            }
        }
        return newest;
    }

    private static int mounts(RunRecording r) {
        int n = 0;
        for (CarrierLog log : r.carriers()) {
            n += log.size();
        }
        return n;
    }

    /** A mount that held its carrier, has a stack, and lies in the middle half of the range: {carrier, mount}. */
    private static int[] heldMountWithStack(RunRecording r, LanesCanvas.LaneGeometry g) {
        long from = g.axis().start() + g.axis().span() / 4;
        long to = g.axis().end() - g.axis().span() / 4;
        for (int c = 0; c < r.carriers().length; c++) {
            CarrierLog log = r.carriers()[c];
            for (int i = log.firstEndingAfter(from); i < log.size() && log.end(i) < to; i++) {
                if (log.heldByAnyWord(i) && log.end(i) - log.start(i) >= 1_000_000
                        && !MountInspector.of(r, log, i).stack().isEmpty()) {
                    return new int[] {c, i};
                }
            }
        }
        return new int[] {-1, -1};
    }

    /** A wheel notch at (x, y) of {@code on} (events carry scene coordinates: the node's own are made from them). */
    private static ScrollEvent scroll(javafx.scene.Node on, double x, double y, double deltaY, boolean control) {
        javafx.geometry.Point2D at = on.localToScene(x, y);
        return new ScrollEvent(ScrollEvent.SCROLL, at.getX(), at.getY(), at.getX(), at.getY(), false, control, false, false, false, false, 0, deltaY,
                0, deltaY, ScrollEvent.HorizontalTextScrollUnits.NONE, 0, ScrollEvent.VerticalTextScrollUnits.NONE, 0,
                0, new PickResult(null, at.getX(), at.getY()));
    }

    private static MouseEvent click(javafx.scene.Node on, double x, double y) {
        javafx.geometry.Point2D at = on.localToScene(x, y);
        return new MouseEvent(MouseEvent.MOUSE_CLICKED, at.getX(), at.getY(), at.getX(), at.getY(), MouseButton.PRIMARY, 1, false, false, false, false,
                true, false, false, false, false, true, null);
    }

    private static KeyEvent key(KeyCode code) {
        return new KeyEvent(KeyEvent.KEY_PRESSED, "", "", code, false, false, false, false);
    }

    private void pulseUntil(double seconds, String what, java.util.function.BooleanSupplier done) {
        waitFor(seconds, what, () -> {
            view.pulse(System.nanoTime());
            return done.getAsBoolean();
        });
    }

    private JvmEntry listed(Process p) {
        return model.listedJvms().jvms().stream().filter(j -> j.pid() == p.pid()).findFirst().orElse(null);
    }
}
