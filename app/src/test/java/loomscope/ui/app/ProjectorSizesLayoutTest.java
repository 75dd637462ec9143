package loomscope.ui.app;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.prefs.Preferences;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import loomscope.scenario.Scenarios;
import loomscope.ui.controls.ControlsView;
import loomscope.ui.job.JobThreads;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.settings.SettingsStore;
import loomscope.ui.settings.StageSettings;
import loomscope.ui.talktrack.TalkTrackLoader;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The main window at the projector sizes talks meet (1280×720, 1366×768, 1920×1080), with every scenario's inputs
 * and a finished run on show:
 * every control on show lies inside the window and none overlaps another, and the lanes keep a usable height;
 * in presentation mode too. Under
 * {@link ControlsView#COMPACT_BELOW_HEIGHT} the controls are the compact row (lock mode and P as a list and a
 * spinner). The stage is laid out, not shown: the Headless platform's screen is 1000×1000.
 */
@ExtendWith(ApplicationExtension.class)
class ProjectorSizesLayoutTest {
    private final Preferences prefs = Preferences.userRoot().node("loomscope-test/" + UUID.randomUUID());
    @TempDir
    Path exports;
    private MainWindow view;
    private OnStage onStage;
    private Scene scene;
    private final loomscope.recording.RunRecording run = loomscope.recording.UnsureRun.record();

    @Start
    void start(Stage stage) {
        view = MainWindow.of(new MainViewModel(JobThreads.runStarters()));
        StackPane root = new StackPane(view.view());
        scene = new Scene(root, 1280, 720);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        OnStage.Context context = new OnStage.Context(WindowOptions.none(), new SettingsStore(prefs),
                StageSettings.defaults().withExportFolder(exports)
                        .withWindow(new StageSettings.WindowBounds(0, 0, 1280, 720, false)),
                new TalkTrackLoader.Loaded(TalkTrackLoader.builtIn(), null), path -> { }, List.of());
        onStage = OnStage.install(stage, view, root, context);
    }

    @AfterEach
    void cleanUp() throws Exception {
        prefs.removeNode();
    }

    @Test
    void everyControlFitsAndNoneOverlapsAtEveryProjectorSize() {
        for (double[] size : new double[][] {{1280, 720}, {1366, 768}, {1920, 1080}}) {
            for (String scenario : List.of("seed", "producer-consumer", "class-init", "your-code")) {
                double w = size[0];
                double h = size[1];
                String where = (int) w + "×" + (int) h + " " + scenario + ": ";
                fx(() -> {
                    view.model().scenarioProperty().set(scenario.equals("your-code") ? RunInputs.YOUR_CODE : Scenarios.byName(scenario));
                    // a finished run on show: its title and every legend item (unsure too) take the lanes' header
                    view.recordingView().setRecording(run);
                    view.recordingView().showAt(run.settledEnd());
                    layOut(w, h);
                    layOut(w, h);   // the compact switch follows the height: a second pass lays out its result
                });
                assertEquals(h < ControlsView.COMPACT_BELOW_HEIGHT, (boolean) onFx(() -> view.controls().compactProperty().get()),
                        where + "compact below " + ControlsView.COMPACT_BELOW_HEIGHT + " px high");
                assertTrue(onFx(() -> controlsOnShow(scene.getRoot())).size() > 20, where + "the controls are found");
                assertFitsWithoutOverlaps(where, w, h);
                Bounds lanes = onFx(() -> {
                    Node n = scene.getRoot().lookupAll("*").stream().filter(x -> x instanceof LanesCanvas).findFirst().orElseThrow();
                    return n.localToScene(n.getLayoutBounds());
                });
                assertTrue(lanes.getHeight() >= 100 && lanes.getMaxY() <= h, where + "the lanes at " + lanes);
            }
            double w = size[0];
            double h = size[1];
            fx(() -> {
                onStage.presentation().enter();
                layOut(w, h);
                layOut(w, h);
            });
            assertFitsWithoutOverlaps((int) w + "×" + (int) h + " presenting: ", w, h);
            Bounds clock = onFx(() -> {
                Node n = scene.getRoot().lookup("#presenter-clock");
                return n.localToScene(n.getLayoutBounds());
            });
            assertTrue(clock.getMinY() >= -1 && clock.getMaxY() <= h + 1, "the presenter's clock at " + clock);
            fx(() -> onStage.presentation().leave());
        }
    }

    private void assertFitsWithoutOverlaps(String where, double w, double h) {
        List<Shown> shown = onFx(() -> controlsOnShow(scene.getRoot()));
        for (Shown c : shown) {
            Bounds b = c.bounds();
            assertTrue(b.getMinX() >= -1 && b.getMinY() >= -1 && b.getMaxX() <= w + 1 && b.getMaxY() <= h + 1,
                    where + c.name() + " at " + b + " is outside the window");
        }
        for (int i = 0; i < shown.size(); i++) {
            for (int j = i + 1; j < shown.size(); j++) {
                Bounds a = shown.get(i).bounds();
                Bounds b = shown.get(j).bounds();
                double overlapW = Math.min(a.getMaxX(), b.getMaxX()) - Math.max(a.getMinX(), b.getMinX());
                double overlapH = Math.min(a.getMaxY(), b.getMaxY()) - Math.max(a.getMinY(), b.getMinY());
                assertTrue(overlapW <= 1 || overlapH <= 1, where + shown.get(i).name() + " " + a + " overlaps "
                        + shown.get(j).name() + " " + b);
            }
        }
    }

    private record Shown(String name, Bounds bounds) { }

    private void layOut(double w, double h) {
        scene.getRoot().applyCss();
        scene.getRoot().resize(w, h);
        scene.getRoot().layout();
    }

    /** The controls a person sees: visible all the way up, with a size, and not parts of another control. */
    private static List<Shown> controlsOnShow(Parent root) {
        List<Shown> found = new ArrayList<>();
        collect(root, found);
        return found;
    }

    private static void collect(Node node, List<Shown> found) {
        if (!node.isVisible() || node.getOpacity() == 0) {
            return;
        }
        if (node instanceof Control c) {
            Bounds b = c.localToScene(c.getLayoutBounds());
            if (b.getWidth() > 1 && b.getHeight() > 1) {
                found.add(new Shown(c.getClass().getSimpleName() + (c.getId() == null ? "" : "#" + c.getId())
                        + textOf(c), b));
            }
            return;   // its skin's parts are its own
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, found);
            }
        }
    }

    private static String textOf(Control c) {
        return c instanceof javafx.scene.control.Labeled l && l.getText() != null && !l.getText().isEmpty()
                ? " '" + l.getText().substring(0, Math.min(30, l.getText().length())) + "'" : "";
    }
}
