package loomscope.ui.attach;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import loomscope.attach.BusyRoutesTarget;
import loomscope.attach.JvmEntry;
import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;
import loomscope.recording.VtState;
import loomscope.testing.Jdk21;
import loomscope.ui.LanePixels;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue #44: causes while it runs. The attach window on a server whose routes run at once ({@link BusyRoutesTarget}: a
 * socket read that parks, a pinned sleep, a pipe read), on JDK 25 and on JDK 21, read as pixels frame after frame: red
 * only where a pin's witness said so, a held mount classed within 2 s of its end (held, not yet classed until then,
 * never red), the pipe reads captured at their line, the pins pinned at theirs, nothing at the socket read's.
 */
@ExtendWith(ApplicationExtension.class)
class LiveCausesWindowTest {
    /** How long the window watches the server. */
    private static final long WATCH_NANOS = TimeUnit.SECONDS.toNanos(12);
    /** A held mount that ended this long before the newest time shown has its class (the bound). */
    private static final long CLASSED_WITHIN_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final ExecutorService jobs = Executors.newFixedThreadPool(2);
    private final TargetJvms targets = new TargetJvms();
    private AttachViewModel model;
    private AttachView view;

    @Start
    void start(Stage stage) {
        model = new AttachViewModel(jobs);
        view = new AttachView(model);
        Scene scene = new Scene(view, 1500, 950);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stopAll() throws InterruptedException {
        targets.endAll();
        jobs.shutdownNow();
    }

    @TempDir
    Path dir;

    @Test
    void onThisJdkRedIsAPinsWitnessAndThePipeReadsTurnPinkWithinTwoSeconds() throws Exception {
        watch(Path.of(System.getProperty("java.home")), "--enable-native-access=ALL-UNNAMED");
    }

    @Test
    void onJdk21TheSame() throws Exception {
        Path jdk21 = Jdk21.find();
        Assumptions.assumeTrue(jdk21 != null, "no JDK 21 here (LOOMSCOPE_JDK21)");
        watch(jdk21);
    }

    private void watch(Path javaHome, String... flags) throws Exception {
        Process server = targets.busyRoutes(dir, javaHome, flags);
        fx(model::refresh);
        pulseUntil(60, "the server listed", () -> listed(server) != null);
        fx(() -> model.listedJvms().selectedProperty().set(listed(server)));
        fx(model::attach);
        pulseUntil(120, "the server attached", () -> model.state() == AttachViewModel.State.ATTACHED);

        Palette palette = onFx(() -> view.lanes().palette());
        LanesCanvas lanes = view.lanes().lanes();
        long until = System.nanoTime() + WATCH_NANOS;
        int frames = 0;
        int redPixels = 0;
        int pinkPixels = 0;
        Tally last = null;
        while (System.nanoTime() < until) {
            Frame frame = onFx(() -> {
                view.pulse(System.nanoTime());
                RunRecording r = view.lanes().recording();
                LanesCanvas.LaneGeometry g = lanes.geometry();
                return r == null || g == null ? null : new Frame(lanes.canvas().snapshot(null, null), r, g);
            });
            if (frame == null || frame.recording().carriers().length == 0) {
                Thread.sleep(50);
                continue;
            }
            frames++;
            redPixels += LanePixels.redOnlyOverPins(frame.image(), frame.recording(), frame.geometry(), palette.pinned());
            pinkPixels += count(frame, palette.of(VtState.CAPTURED));
            last = tally(frame.recording());
            Thread.sleep(100);
        }
        assertTrue(frames >= 10, frames + " frames read");
        System.out.println(javaHome + ": " + frames + " frames, " + redPixels + " red and " + pinkPixels
                + " pink pixels; last frame: " + last);
        assertTrue(last != null && last.pinnedAtHeldRoute() >= 5, "the pinned route pinned at its line: " + last);
        assertTrue(last.capturedAtPipeRoute() >= 5, "the pipe reads captured at their line: " + last);
        assertEquals(0, last.atSocketRoute(), "the parking read explains no mount, and its route pins none: " + last);
        assertTrue(last.heldLongAgo() * 10 <= last.heldEndedLongAgo(), "a held mount classed within 2 s of its end, "
                + "nine in ten at least (one no witness can place is unsure after 3 s): " + last);
        assertTrue(redPixels > 0 && pinkPixels > 0, redPixels + " red, " + pinkPixels + " pink pixels");

        fx(model::stop);
        pulseUntil(120, "detached", () -> model.state() == AttachViewModel.State.IDLE);
        assertTrue(server.isAlive(), "the server runs on");
    }

    private record Frame(WritableImage image, RunRecording recording, LanesCanvas.LaneGeometry geometry) { }

    /** What the newest frame's recording holds, by class and site. */
    private record Tally(int pinnedAtHeldRoute, int capturedAtPipeRoute, int atSocketRoute, int heldEndedLongAgo,
                         int heldLongAgo, java.util.Set<String> socketSites) { }

    private static Tally tally(RunRecording r) {
        java.util.Set<String> socketSites = new java.util.TreeSet<>();
        int pinned = 0;
        int captured = 0;
        int socket = 0;
        int endedLongAgo = 0;
        int stillHeld = 0;
        long newest = r.runEnd();
        for (CarrierLog log : r.carriers()) {
            for (int i = 0; i < log.size(); i++) {
                MountWhy why = r.whyOf(log.index(), i);
                String site = why == null ? "" : why.site();
                pinned += log.mountClass(i) == MountClass.PINNED && site.contains("heldRoute") ? 1 : 0;
                captured += log.mountClass(i) == MountClass.CAPTURED && site.contains("pipeRoute") ? 1 : 0;
                if (why != null && why.cause() == MountClass.CAPTURED && why.reason() != null
                        && why.reason().startsWith("socket read") || why != null && why.cause() == MountClass.PINNED
                        && site.contains("socketRoute")) {
                    socket++;
                    socketSites.add(site + " " + why.cause() + " " + why.reason());
                }
                if (log.heldByAnyWord(i) && log.end(i) < newest - CLASSED_WITHIN_NANOS) {
                    endedLongAgo++;
                    stillHeld += log.held(i) ? 1 : 0;
                }
            }
        }
        return new Tally(pinned, captured, socket, endedLongAgo, stillHeld, socketSites);
    }

    private static int count(Frame frame, Color colour) {
        return loomscope.ui.UiTestSupport.countPixels(frame.image(), colour);
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
