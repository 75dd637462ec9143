package loomscope.ui.app;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.prefs.Preferences;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.mainwindow.MainView;
import loomscope.ui.run.MainViewModel;
import loomscope.ui.settings.SettingsStore;
import loomscope.ui.settings.StageSettings;
import loomscope.ui.talktrack.Chapter;
import loomscope.ui.talktrack.ChapterRunTarget;
import loomscope.ui.talktrack.TalkTrack;
import loomscope.ui.talktrack.TalkTrackLoader;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue #14, defect 3: a 120-character chapter title pushed the window's Run button and lanes off-screen. The
 * loader now refuses long text, but the layout must hold whatever a chapter carries: here 5,000 characters of
 * title, narration and code, built directly, past the loader, laid out at 1280×720 (the window's smallest size).
 * The stage is laid out but not shown: the Headless platform's screen is 1000×1000 and cannot show a larger one.
 */
@ExtendWith(ApplicationExtension.class)
class LongTextLayoutTest {
    private static final double WIDTH = 1280;
    private static final double HEIGHT = 720;
    private final Preferences prefs = Preferences.userRoot().node("loomscope-test/" + UUID.randomUUID());
    private MainView view;
    private OnStage onStage;
    private Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        String runaway = "A chapter title that goes on ".repeat(180);
        Chapter chapter = new Chapter(1, runaway, LockMode.SYNCHRONIZED, 1, 100, null, runaway, "notes",
                String.join("\n", List.of(runaway, runaway)), ChapterRunTarget.THIS_JVM, null);
        TalkTrack track = new TalkTrack(runaway, List.of(chapter), "test");
        Path exports = Files.createTempDirectory("loomscope-exports");
        view = new MainView(new MainViewModel());
        StackPane root = new StackPane(view);
        scene = new Scene(root, WIDTH, HEIGHT);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        OnStage.Context context = new OnStage.Context(WindowOptions.none(), new SettingsStore(prefs),
                StageSettings.defaults().withExportFolder(exports)
                        .withWindow(new StageSettings.WindowBounds(0, 0, WIDTH, HEIGHT, false)),
                new TalkTrackLoader.Loaded(track, null), path -> { }, List.of());
        onStage = OnStage.install(stage, view, root, context);
        layOut();
    }

    private void layOut() {
        scene.getRoot().applyCss();
        scene.getRoot().resize(WIDTH, HEIGHT);
        scene.getRoot().layout();
    }

    @AfterEach
    void cleanUp() throws Exception {
        prefs.removeNode();
    }

    @Test
    void runawayChapterTextNeverPushesTheControlsOrTheLanesOffTheWindow() {
        assertInside(find("#run-button"), "the Run button");
        assertInside(lanes(), "the lanes");
        fx(() -> {
            onStage.presentation().enter();
            layOut();
        });
        assertInside(find("#presenter-clock"), "the presenter's clock");
        assertInside(lanes(), "the lanes, presenting");
    }

    private Node find(String selector) {
        Node node = onFx(() -> scene.getRoot().lookup(selector));
        assertTrue(node != null, selector + " is in the window");
        return node;
    }

    private Node lanes() {
        return onFx(() -> scene.getRoot().lookupAll("*").stream().filter(n -> n instanceof LanesCanvas && n.isVisible())
                .findFirst().orElseThrow());
    }

    private void assertInside(Node node, String what) {
        Bounds b = onFx(() -> node.localToScene(node.getLayoutBounds()));
        double w = WIDTH;
        double h = HEIGHT;
        assertTrue(b.getMinX() >= -1 && b.getMaxX() <= w + 1 && b.getMinY() >= -1 && b.getMaxY() <= h + 1
                && b.getWidth() > 10 && b.getHeight() > 10, what + " at " + b + " in a " + w + "×" + h + " window");
    }
}
