package loomscope.ui.attach;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;

import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.event.Event;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Screen;
import javafx.stage.Stage;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.theme.AppTheme;

/**
 * Not a test: the README's and docs' pictures of issue #46 (app/src/test/bench/time-view-shots.sh takes them with
 * {@code import}). The attach window, as large as the screen, attached to issue #44's server for 25 s, then zoomed to
 * 400 ms around a pinned mount, which a click selects (outlined, its stack in the inspector); prints SHOT when the
 * picture is ready and ends 30 s later, ending the server.
 */
public final class AttachScreens extends Application {
    public static void main(String[] args) {
        launch(args);
    }

    private final ExecutorService jobs = Executors.newFixedThreadPool(2);
    private final TargetJvms targets = new TargetJvms();

    @Override
    public void start(Stage stage) throws Exception {
        AttachViewModel model = new AttachViewModel(jobs);
        AttachView view = new AttachView(model);
        Rectangle2D screen = Screen.getPrimary().getBounds();
        Scene scene = new Scene(view, screen.getWidth(), screen.getHeight());
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.setTitle("LoomScope - attach to a running JVM: its carriers live");
        stage.setX(0);
        stage.setY(0);
        stage.show();
        Process server = targets.busyRoutes(Files.createTempDirectory("loomscope-shots"),
                Path.of(System.getProperty("java.home")), "--enable-native-access=ALL-UNNAMED");
        model.refresh();
        AtomicReference<Long> attachedAt = new AtomicReference<>();
        new AnimationTimer() {
            private boolean zoomed;

            @Override
            public void handle(long now) {
                view.pulse(now);
                if (model.state() == AttachViewModel.State.IDLE && model.listedJvms().selectedProperty().get() == null) {
                    model.listedJvms().jvms().stream().filter(j -> j.pid() == server.pid()).findFirst().ifPresent(j -> {
                        model.listedJvms().selectedProperty().set(j);
                        model.attach();
                    });
                }
                if (model.state() == AttachViewModel.State.ATTACHED && attachedAt.get() == null) {
                    attachedAt.set(now);
                }
                if (!zoomed && attachedAt.get() != null && now - attachedAt.get() > 25_000_000_000L) {
                    zoomed = zoomToAPin(view);
                    if (zoomed) {
                        new Thread(() -> end(server)).start();
                    }
                }
            }
        }.start();
    }

    /** 400 ms around a pinned mount 3-6 s back, then a click on it; false if none yet. */
    private static boolean zoomToAPin(AttachView view) {
        RunRecording r = view.lanes().recording();
        LanesCanvas lanes = view.lanes().lanes();
        if (r == null || lanes.geometry() == null) {
            return false;
        }
        long newest = lanes.geometry().t();
        for (int c = 0; c < r.carriers().length; c++) {
            CarrierLog log = r.carriers()[c];
            for (int i = log.firstEndingAfter(newest - 6_000_000_000L); i < log.size() && log.end(i) < newest - 3_000_000_000L; i++) {
                if (log.pinned(i)) {
                    long mid = log.start(i) / 2 + log.end(i) / 2;
                    view.lanes().time().showRange(mid - 200_000_000L, mid + 200_000_000L);
                    view.pulse(System.nanoTime());
                    LanesCanvas.LaneGeometry g = lanes.geometry();
                    Point2D at = lanes.localToScene(g.x(mid), lanes.laneTop(c) + lanes.laneHeight() / 2);
                    Event.fireEvent(lanes, new MouseEvent(MouseEvent.MOUSE_CLICKED, at.getX(), at.getY(), at.getX(),
                            at.getY(), MouseButton.PRIMARY, 1, false, false, false, false, true, false, false, false,
                            false, true, null));
                    return true;
                }
            }
        }
        return false;
    }

    private void end(Process server) {
        try {
            Thread.sleep(2_000);
            System.out.println("SHOT");
            Thread.sleep(30_000);
            targets.endAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        jobs.shutdownNow();
        Platform.exit();
        server.destroy();
    }
}
