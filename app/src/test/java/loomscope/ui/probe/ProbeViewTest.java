package loomscope.ui.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import loomscope.probe.ProbeReport;
import loomscope.probe.ThreadSample;
import loomscope.probe.ThreadSnapshot;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.ui.UiTestSupport;
import loomscope.ui.job.JobThreads;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.app.MainWindow;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The probes in the real window: a real native-frame run, JFR frames on the lanes, the panel, the inspector. */
@ExtendWith(ApplicationExtension.class)
class ProbeViewTest {
    private MainViewModel model;
    private MainWindow view;
    private ProbeView ui;

    @Start
    void start(Stage stage) {
        // no small-machine measures: on 2 cores they lower the carriers to nice 19, and beside CPU hogs the run then
        // outlasted the lanes' 4 s trail (90 of 200 pins in view); the probes, not the host policy, are tested here
        model = new MainViewModel(JobThreads.runStarters(), loomscope.host.HostPolicy.forThisMachine(loomscope.host.HostPolicy.Mode.OFF));
        view = MainWindow.of(model);
        ui = view.installProbes();
        Scene scene = new Scene(view.view(), 1600, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aPinnedRunIsVerifiedDrawnAndInspectable() throws Exception {
        onFx(() -> {
            model.lockModeProperty().set(LockMode.NATIVE_FRAME);
            model.parallelismProperty().set(2);
            model.threadsTextProperty().set("200");
            ui.verifiedPanel().rate().setValue("10/s");
            model.run();
            return null;
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> ui.controller().reportProperty().get() != null));
        ProbeReport report = onFx(() -> ui.controller().reportProperty().get());
        assertEquals(10.0, report.snapshotRateHz());
        PinnedEventCounts.assertAboutOnePerTask(report, 200);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> ui.verifiedPanel().status() != null
                && lookupText("#verified-jfr").startsWith("JFR: " + report.jfr().events() + " pinned events,")));
        String jfrText = onFx(() -> lookupText("#verified-jfr"));
        assertTrue(jfrText.contains(report.jfr().matchedEvents() + " on a recorded pinned mount of their carrier"), jfrText);
        assertTrue(onFx(() -> lookupText("#verified-lag")).startsWith("JFR is late: its pinned events arrived "));
        assertTrue(onFx(() -> lookupText("#verified-snapshots")).contains("were on the carrier the lanes show"));
        assertTrue(onFx(() -> ui.pinnedThreadsPanel().table().getItems().get(0).method()).startsWith("loomscope.scenario.SeedTask.holdAndSleep"));

        // replay sits at the end: the last 4 s of lanes hold every pin, framed by JFR's events in the text colour
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> ui.overlay().drawnLastFrame() > 0));
        assertTrue(onFx(() -> ui.overlay().drawnLastFrame()) >= 100, "frames drawn: " + onFx(() -> ui.overlay().drawnLastFrame()));
        LanesCanvas lanes = view.recordingView().lanes();
        Color frame = onFx(() -> view.recordingView().palette().text());
        WritableImage image = onFx(() -> lanes.canvas().snapshot(null, null));
        assertTrue(countPixels(image, frame) > 500, "JFR frames are visible on the lanes");

        // click a lane at an instant a snapshot saw it busy: the inspector names the thread and its stack
        ThreadSnapshot busy = onFx(() -> ui.controller().session().snapshots().snapshots().stream()
                // a pass can catch a thread between mount and its task's first frame: pick one inside the task
                .filter(s -> s.mountedOn(0) != null && s.mountedOn(0).stack().stream()
                        .anyMatch(f -> f.className().startsWith("loomscope.scenario.SeedTask")))
                .findFirst().orElse(null));
        assertNotNull(busy, "no snapshot saw carrier 0 busy");
        ThreadSample onLane0 = busy.mountedOn(0);
        onFx(() -> {
            model.replay().seekNanos(busy.takenAt());
            return null;
        });
        UiTestSupport.afterNextPulse(lanes.getScene());   // the lanes laid out and drawn at that instant
        // on the carrier's name, left of its mounts
        click(lanes, 5, 5);
        assertEquals(0, (int) onFx(() -> lanes.laneAt(5)), "lane geometry");
        assertEquals("Mounted: " + onLane0.name(), onFx(() -> ui.inspectorPanel().carrierText()));
        assertTrue(onFx(() -> ui.inspectorPanel().stack().getItems()).stream().anyMatch(f -> f.contains("loomscope.scenario.SeedTask")));

        // on a pinned mount: its thread, its cause with the JDK's reason, and the stack JFR's event was taken with
        RunRecording shown = onFx(() -> view.recordingView().recording());
        CarrierLog lane0 = shown.carriers()[0];
        // a click selects only a mount that began before the replay's position (LanesCanvas.mountNear), and in replay
        // the axis reaches past it: a pinned mount in view after the busy snapshot's instant was not clickable there
        // (seen once: the click named the carrier). At the run's end every mount has begun.
        onFx(() -> {
            model.replay().positionProperty().set(model.replay().durationProperty().get());
            return null;
        });
        long lastStart = lane0.start(lane0.size() - 1);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> lanes.geometry().t() > lastStart));
        int pinned = onFx(() -> {
            for (int i = 0; i < lane0.size(); i++) {
                long mid = (lane0.start(i) + lane0.end(i)) / 2;
                if (lane0.pinned(i) && shown.whyOf(lane0.index(), i) != null && lanes.timeAt(lanes.geometry().x(mid)) >= 0) {
                    return i;
                }
            }
            return -1;
        });
        assertTrue(pinned >= 0, "a pinned mount with the JDK's witness is in view");
        double x = onFx(() -> lanes.geometry().x((lane0.start(pinned) + lane0.end(pinned)) / 2));
        click(lanes, x, 5);
        assertEquals("loomscope-vt-" + lane0.vt(pinned) + ": one mount", onFx(() -> ui.inspectorPanel().subjectText()));
        assertTrue(onFx(() -> ui.inspectorPanel().stateText()).startsWith("Held: pinned: it could not unmount"),
                onFx(() -> ui.inspectorPanel().stateText()));
        assertTrue(onFx(() -> ui.inspectorPanel().stateText()).contains("Native or VM frame on stack"));
        java.util.List<String> pinnedStack = onFx(() -> java.util.List.copyOf(ui.inspectorPanel().stack().getItems()));
        assertTrue(pinnedStack.stream().anyMatch(f -> f.contains("loomscope.scenario.SeedTask")), pinnedStack.toString());

        onFx(() -> {
            model.replay().seekNanos(busy.takenAt());
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        onFx(() -> {
            ui.inspectThread(onLane0.taskIndex());
            return null;
        });
        assertEquals(onLane0.name(), onFx(() -> ui.inspectorPanel().subjectText()));
        assertEquals("Carrier: " + onLane0.carrierName(), onFx(() -> ui.inspectorPanel().carrierText()));
    }

    /** A click at ({@code x}, {@code y}) of {@code lanes}: a MouseEvent made by hand takes scene coordinates. */
    static void click(LanesCanvas lanes, double x, double y) throws Exception {
        onFx(() -> {
            javafx.geometry.Point2D p = lanes.localToScene(x, y);
            lanes.fireEvent(new MouseEvent(MouseEvent.MOUSE_CLICKED, p.getX(), p.getY(), 0, 0, MouseButton.PRIMARY, 1,
                    false, false, false, false, true, false, false, true, false, false, null));
            return null;
        });
    }

    private String lookupText(String id) {
        return ((javafx.scene.control.Label) view.view().lookup(id)).getText();
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(10, TimeUnit.SECONDS);
    }

    private static int countPixels(WritableImage image, Color colour) {
        PixelReader reader = image.getPixelReader();
        int count = 0;
        for (int y = 0; y < (int) image.getHeight(); y++) {
            for (int x = 0; x < (int) image.getWidth(); x++) {
                Color c = reader.getColor(x, y);
                if (Math.abs(c.getRed() - colour.getRed()) < 0.01 && Math.abs(c.getGreen() - colour.getGreen()) < 0.01
                        && Math.abs(c.getBlue() - colour.getBlue()) < 0.01) {
                    count++;
                }
            }
        }
        return count;
    }
}
