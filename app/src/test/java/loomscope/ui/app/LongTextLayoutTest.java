package loomscope.ui.app;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.prefs.Preferences;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import loomscope.ui.code.CodeView;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.Scenarios;
import loomscope.ui.job.JobThreads;
import loomscope.ui.lanes.LanesCanvas;

import loomscope.ui.mainwindow.MainViewModel;
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
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Issue #14, defect 3: a 120-character chapter title pushed the window's Run button and lanes off-screen. The
 * loader now refuses long text, but the layout must hold whatever a chapter carries: here 5,000 characters of
 * title and narration, built directly, past the loader, with the longest code a scenario shows, laid out at
 * 1280×720 (the window's smallest size).
 * The stage is laid out but not shown: the Headless platform's screen is 1000×1000 and cannot show a larger one.
 */
@ExtendWith(ApplicationExtension.class)
class LongTextLayoutTest {
    private static final double WIDTH = 1280;
    private static final double HEIGHT = 720;
    private final Preferences prefs = Preferences.userRoot().node("loomscope-test/" + UUID.randomUUID());
    @TempDir
    Path exports;
    private MainWindow view;
    private OnStage onStage;
    private Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        String runaway = "A chapter title that goes on ".repeat(180);
        // the longest code any scenario shows (class-loader's three blocks), beside the lanes while presenting
        Chapter chapter = new Chapter(1, runaway, ScenarioParams.defaults(Scenarios.byName("class-loader")),
                LockMode.SYNCHRONIZED, 1, 8, null, runaway, "notes", true, ChapterRunTarget.THIS_JVM, null);
        TalkTrack track = new TalkTrack(runaway, List.of(chapter), "test");
        view = MainWindow.of(new MainViewModel(JobThreads.runStarters()));
        StackPane root = new StackPane(view.view());
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
        for (String scenario : List.of("seed", "producer-consumer")) {
            // the whole window fits 1280×720 with every scenario's inputs: nothing cut off at the top or bottom
            fx(() -> {
                view.model().scenarioProperty().set(Scenarios.byName(scenario));
                layOut();
                layOut();
            });
            assertInside(find("#scenario-choice"), "the scenario chooser with " + scenario);
            assertInside(find("#threads-field"), "N with " + scenario);
            assertInside(find("#status-message"), "the status line with " + scenario);
        }
        assertInside(find("#run-button"), "the Run button");
        assertInside(lanes(), "the lanes");
        fx(() -> {
            onStage.presentation().enter();
            layOut();
        });
        fx(() -> {
            onStage.chapters().go(0);   // applies the chapter: class-loader chosen, its code beside the lanes
            layOut();
        });
        assertInside(find("#presenter-clock"), "the presenter's clock");
        assertInside(lanes(), "the lanes, presenting");
        assertTrue(onFx(() -> scene.getRoot().lookup("#presenter-code") == null),
                "at 1280 px the lanes need the width: no code beside them");

        // a 1920×1080 projector: the longest code scrolls beside the lanes, in large type, and everything fits
        fx(() -> {
            for (int pulse = 0; pulse < 2; pulse++) {   // the first pass widens the view, which places the code
                scene.getRoot().applyCss();
                scene.getRoot().resize(1920, 1080);
                scene.getRoot().layout();
            }
        });
        assertInside(find("#presenter-code"), "the code beside the lanes", 1920, 1080);
        assertInside(find("#presenter-clock"), "the presenter's clock", 1920, 1080);
        assertInside(lanes(), "the lanes beside the code", 1920, 1080);
        double laneWidth = onFx(() -> lanes().getLayoutBounds().getWidth());
        assertTrue(laneWidth >= 1920 / 2.0, "the lanes keep most of the width: " + laneWidth);
        CodeView code = (CodeView) find("#presenter-code");
        Label line = onFx(() -> (Label) code.lookup(".code-line"));
        assertTrue(onFx(() -> line.getFont().getSize()) >= 24, "large type: " + line.getFont());
        assertEquals(onFx(() -> view.code().text()), code.sourceShown(), "the window's code, the class-loader scenario's source");
        assertTrue(code.sourceShown().contains("synchronized (getClassLoadingLock(name)) {"), code.sourceShown());
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
        assertInside(node, what, WIDTH, HEIGHT);
    }

    private void assertInside(Node node, String what, double w, double h) {
        Bounds b = onFx(() -> node.localToScene(node.getLayoutBounds()));
        assertTrue(b.getMinX() >= -1 && b.getMaxX() <= w + 1 && b.getMinY() >= -1 && b.getMaxY() <= h + 1
                && b.getWidth() > 10 && b.getHeight() > 10, what + " at " + b + " in a " + w + "×" + h + " window");
    }
}
