package loomscope.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javax.imageio.ImageIO;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import loomscope.report.DrawnText;
import loomscope.report.TimeText;
import loomscope.report.Unwritable;
import loomscope.ui.UiTestSupport;
import loomscope.ui.export.ExportViewModel;

import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunState;
import loomscope.ui.settings.SettingsStore;
import loomscope.ui.settings.StageSettings;
import loomscope.ui.talktrack.TalkTrackLoader;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;
import loomscope.ui.run.RunInputs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;

/** The acceptance tests of the stage, on the Headless glass platform with a real workload. */
@ExtendWith(ApplicationExtension.class)
class OnStageTest {

    private final Preferences prefs = Preferences.userRoot().node("loomscope-test/" + UUID.randomUUID());
    private final List<Path> opened = new CopyOnWriteArrayList<>();
    @TempDir
    Path tempDir;
    private Path exports;
    private MainWindow view;
    private OnStage onStage;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        exports = Files.createDirectory(tempDir.resolve("exports"));
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        view = MainWindow.of(model);
        StackPane root = new StackPane(view.view());
        Scene scene = new Scene(root, 1000, 1000);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        OnStage.Context context = new OnStage.Context(WindowOptions.none(), new SettingsStore(prefs),
                // the Headless platform's screen is 1000x1000 and its blit fails for windows reaching past it
                StageSettings.defaults().withExportFolder(exports)
                        .withWindow(new StageSettings.WindowBounds(0, 0, 1000, 1000, false)), new TalkTrackLoader.Loaded(TalkTrackLoader.builtIn(), null),
                opened::add, List.of());
        onStage = OnStage.install(stage, view, root, context);
        stage.show();
        onStage.shown();
    }

    @AfterEach
    void cleanUp() throws Exception {
        view.model().stop();
        prefs.removeNode();
    }

    @Test
    void presentationModeHidesTheControlsAndShowsLargeChapterAndClock(FxRobot robot) {
        assertTrue(view.controls().isVisible() && view.controls().getScene() != null);
        robot.type(KeyCode.P);

        assertTrue(onStage.presentation().isPresenting());
        assertTrue(view.controls().getScene() == null || !view.controls().isVisible(), "controls hidden");
        // this screen is 1,000 px wide: the lanes need it all (the code shows beside them from 1,600 px: LongTextLayoutTest)
        assertFalse(view.view().getRight().isVisible(), "side panel hidden");
        assertEquals(view.code().text(), onStage.presentation().code().sourceShown(), "the big screen's code is the window's");
        assertFalse(view.view().getBottom().isVisible(), "replay bar and status hidden");
        assertTrue(robot.lookup("#run-button").tryQuery().isEmpty(), "no Run button on the big screen");
        Label clock = robot.lookup("#presenter-clock").queryAs(Label.class);
        Label chapter = robot.lookup("#presenter-chapter").queryAs(Label.class);
        Label narration = robot.lookup("#presenter-narration").queryAs(Label.class);
        UiTestSupport.afterNextPulse(clock.getScene());   // the big screen's fonts are its style's, applied in a pulse
        assertTrue(clock.isVisible() && clock.getFont().getSize() >= 64, "clock " + clock.getFont());
        assertTrue(chapter.getFont().getSize() >= 28 && narration.getFont().getSize() >= 28);
        assertEquals("1 / 12   The experiment", chapter.getText());
        assertTrue(view.recordingView().isVisible() && view.recordingView().getScene() != null, "lanes and field stay");

        robot.type(KeyCode.ESCAPE);
        assertFalse(onStage.presentation().isPresenting());
        assertTrue(view.controls().isVisible() && view.controls().getScene() != null, "controls back after Esc");
        assertTrue(view.view().getRight().isVisible());
        robot.type(KeyCode.F5);
        assertTrue(onStage.presentation().isPresenting(), "F5 presents too (what clickers send)");
    }

    @Test
    void keysChangeModeParallelismAndChapters(FxRobot robot) {
        robot.type(KeyCode.P);
        var lock = view.controls().choiceSlider("lock");
        var parallelism = view.controls().parallelismSlider();

        robot.type(KeyCode.DIGIT5);
        assertEquals(LockMode.NATIVE_FRAME.ordinal(), lock.getValue());
        assertEquals(LockMode.NATIVE_FRAME, new SettingsStore(prefs).load().lock(), "remembered for the next start");
        robot.type(KeyCode.DIGIT2);
        assertEquals(LockMode.SHARED_SYNCHRONIZED.ordinal(), lock.getValue());
        robot.type(KeyCode.UP, KeyCode.UP);
        assertEquals(3, parallelism.getValue());
        robot.type(KeyCode.DOWN);
        assertEquals(2, parallelism.getValue());

        robot.type(KeyCode.PAGE_DOWN);
        assertEquals(1, onStage.chapters().index());
        assertEquals(LockMode.SHARED_SYNCHRONIZED.ordinal(), lock.getValue());
        assertEquals(1, parallelism.getValue());
        robot.type(KeyCode.RIGHT);
        assertEquals("Pinned", onStage.chapters().current().title());
        assertEquals(LockMode.NATIVE_FRAME.ordinal(), lock.getValue(), "the honest stand-in runs");
        assertTrue(robot.lookup("#presenter-stand-in").queryAs(Label.class).getText().startsWith("Stand-in:"));
        robot.type(KeyCode.RIGHT, KeyCode.RIGHT, KeyCode.RIGHT, KeyCode.RIGHT, KeyCode.RIGHT);
        assertEquals("Object.wait on JDK 21", onStage.chapters().current().title());
        assertEquals("native-frame", view.model().configFromInputsQuietly().shape().lockMode().cliName(),
                "no JDK 21 here: the labelled stand-in");
        robot.type(KeyCode.RIGHT);
        assertEquals("Object.wait today", onStage.chapters().current().title());
        assertEquals("object-wait", view.model().scenarioProperty().get().name(), "the chapter chose its scenario");
        assertEquals("100", view.model().configFromInputsQuietly().scenario().value("wait-ms"));
        assertEquals("8", view.model().threadsTextProperty().get());
        robot.type(KeyCode.DIGIT5);
        assertEquals("object-wait", view.model().scenarioProperty().get().name(), "1-5 are the seed's lock modes only");
        robot.type(KeyCode.RIGHT, KeyCode.RIGHT);
        assertEquals("Waves", onStage.chapters().current().title());
        assertEquals(4, parallelism.getValue());
        assertEquals("16", view.model().threadsTextProperty().get());
        assertEquals("1000", view.model().inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.SLEEP).get(), "the stand-in sleeps as the waves do");
        robot.type(KeyCode.PAGE_DOWN);
        assertEquals("Your code", onStage.chapters().current().title());
        assertEquals(RunInputs.YOUR_CODE, view.model().scenarioProperty().get(), "a snippet runs as your code");
        UiTestSupport.waitFor(30, "the chapter's snippet in the editor",
                () -> view.model().yourCode().className().equals("SeedSynchronized"));
        robot.type(KeyCode.PAGE_DOWN);
        assertEquals(11, onStage.chapters().index(), "past the end stays on the last chapter");
        for (int i = 0; i < 7; i++) {
            robot.type(KeyCode.LEFT);
        }
        assertEquals(4, onStage.chapters().index());
        assertEquals(4, new SettingsStore(prefs).load().chapter());
        assertEquals(LockMode.REENTRANT_LOCK.ordinal(), lock.getValue(), "chapter 5 is the ReentrantLock");

        robot.type(KeyCode.ESCAPE);
        robot.clickOn("#threads-field").type(KeyCode.END).type(KeyCode.DIGIT1);
        assertEquals("50001", view.model().threadsTextProperty().get(), "typing a number is not a lock-mode key");
        assertEquals(LockMode.REENTRANT_LOCK.ordinal(), lock.getValue());
    }

    @Test
    void sExportsTheCardWithTheRunsTimeAndTheWindow(FxRobot robot) throws Exception {
        finishASmallRun(robot);
        robot.type(KeyCode.P);
        robot.type(KeyCode.R);
        assertTrue(view.model().replay().playingProperty().get(), "R replays the recorded run");
        assertTrue(view.model().replay().positionProperty().get() < view.model().replay().durationProperty().get());
        robot.type(KeyCode.S);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onStage.export().lastResultProperty().get() != null);

        ExportViewModel.Result result = onStage.export().lastResultProperty().get();
        assertEquals(5, result.files().size(), result.files().toString());
        Path card = result.files().get(0);
        assertTrue(card.getFileName().toString().matches("loomscope-.*-synchronized-P2-card-1920x1080\\.png"), card.toString());
        BufferedImage image = ImageIO.read(card.toFile());
        assertEquals(1920, image.getWidth());
        assertEquals(1080, image.getHeight());
        assertTrue(distinctColours(image) > 50, "not blank");
        String time = TimeText.seconds(view.model().lastSummaryProperty().get().wallMillis());
        DrawnText drawn = result.cards().card().text("time").orElseThrow();
        assertEquals(time, drawn.text(), "the card carries the run's recorded time");
        assertTrue(inkIn(image, drawn.pixelBounds()) > 1000, "and the time's glyphs are in the PNG");
        BufferedImage small = ImageIO.read(result.files().get(1).toFile());
        assertEquals(1280, small.getWidth());
        assertEquals(720, small.getHeight());
        Path window = result.files().get(4);
        assertTrue(window.getFileName().toString().endsWith("-window.png"));
        BufferedImage windowImage = ImageIO.read(window.toFile());
        assertEquals((int) stage.getScene().getWidth(), windowImage.getWidth());
        assertTrue(distinctColours(windowImage) > 20);
        assertTrue(Files.readString(result.files().get(2)).contains(",synchronized,2,300,"));

        assertTrue(onStage.toastText().contains(exports.toString()), onStage.toastText());
        assertFalse(onStage.toastIsError());
        robot.clickOn("#toast-open-folder");
        assertEquals(List.of(exports.toAbsolutePath().normalize()), opened);
    }

    @Test
    void anUnwritableFolderShowsAnErrorAndTheAppKeepsWorking(FxRobot robot) throws Exception {
        finishASmallRun(robot);
        Path bad = Unwritable.folder(Files.createDirectory(tempDir.resolve("ro")));
        robot.interact(() -> onStage.export().folderProperty().set(bad));
        robot.type(KeyCode.S);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, onStage::toastIsError);
        assertTrue(onStage.toastText().startsWith("Export failed, nothing was lost: cannot "), onStage.toastText());
        assertTrue(robot.lookup("#toast").query().isVisible());
        assertEquals(1, view.model().history().size(), "the run is still there");

        robot.interact(() -> onStage.export().folderProperty().set(exports));
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.model().history().size() == 2);
        robot.type(KeyCode.S);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onStage.export().lastResultProperty().get() != null);
        assertFalse(onStage.toastIsError());
        assertEquals(3, Files.readAllLines(onStage.export().lastResultProperty().get().files().get(2)).size(),
                "both runs in the history CSV");
    }

    @Test
    void theClocksCaptionNamesTheRunItTimedNotTheNextChaptersSettings(FxRobot robot) throws Exception {
        robot.type(KeyCode.P);
        Label clock = robot.lookup("#presenter-clock").queryAs(Label.class);
        Label caption = robot.lookup("#presenter-config").queryAs(Label.class);
        assertTrue(caption.getText().startsWith("next: "), "before any run the clock times nothing: " + caption.getText());
        UiTestSupport.afterNextPulse(caption.getScene());
        double oneLineCaptionHeight = caption.getHeight();
        assertTrue(oneLineCaptionHeight >= 3 * caption.getFont().getSize(), "room for three lines: " + oneLineCaptionHeight);
        finishASmallRun(robot);
        // P = 2 on a 2-core machine lowers the carriers: then the caption says its time is not the CLI's
        String lowered = loomscope.host.CpuShare.forRun(2, Runtime.getRuntime().availableProcessors())
                == loomscope.host.CpuShare.YIELDING_CARRIERS ? " · " + loomscope.report.HistoryEntry.LOWERED_NOTE_SHORT : "";
        String jdk = " · JDK\u00a0" + loomscope.report.TimeText.jdk(Runtime.version().toString());
        assertEquals("synchronized · P\u00a02 · N\u00a0300" + jdk + lowered, caption.getText());
        // chapter 1 is the seeds' experiment (P 1, N 5,000): its words do not stand over this run
        Label narration = robot.lookup("#presenter-narration").queryAs(Label.class);
        assertEquals("off script: synchronized · P 2 · N 300", narration.getText());
        assertFalse(clock.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("stale")));
        UiTestSupport.afterNextPulse(caption.getScene());   // the caption's new text laid out
        assertEquals(oneLineCaptionHeight, caption.getHeight(), 0.5, "the header keeps its height as runs start and end");

        robot.type(KeyCode.PAGE_DOWN);   // the next chapter sets other inputs; the clock still holds the old time
        assertEquals("last run: synchronized · P\u00a02 · N\u00a0300" + jdk + lowered, caption.getText());
        assertEquals(onStage.chapters().setupProperty().get().chapter().narration(), narration.getText(),
                "the chapter set the next run: its words are back");
        assertTrue(clock.getPseudoClassStates().stream().anyMatch(p -> p.getPseudoClassName().equals("stale")), "dimmed");
        robot.interact(() -> {
            view.model().lockModeProperty().set(LockMode.SYNCHRONIZED);
            view.model().parallelismProperty().set(2);
            view.model().threadsTextProperty().set("300");
            view.model().inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.CPU).set("10000");
            view.model().inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.SLEEP).set("5");
        });
        assertEquals("synchronized · P\u00a02 · N\u00a0300" + jdk + lowered, caption.getText(), "the same settings again: the time is theirs");
        assertTrue(narration.getText().startsWith("off script: synchronized · P 2 · N 300"), narration.getText());
    }

    @Test
    void aSiteChosenInWhereShowsInThePresentersHeader(FxRobot robot) throws Exception {
        robot.type(KeyCode.P);
        Label site = robot.lookup("#presenter-site").queryAs(Label.class);
        assertFalse(site.isVisible(), "no site chosen, no line");
        WaitForAsyncUtils.asyncFx(() -> view.where().selectedProperty().set(new loomscope.probe.CauseReport.Site(
                "shop.Native.callback:7", "pinned", "Native or VM frame on stack", 12, 241.2, 20.1))).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Where: pinned 12\u00d7 at shop.Native.callback:7 (Native or VM frame on stack)", site.getText());
        assertTrue(site.isVisible());
        WaitForAsyncUtils.asyncFx(() -> view.where().selectedProperty().set(null)).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(site.isVisible());
    }

    @Test
    void notesWindowAndShortcutsOverlay(FxRobot robot) {
        robot.type(KeyCode.N);
        assertTrue(onStage.notesShowing());
        assertTrue(robot.lookup("#notes-text").queryAs(Label.class).getText().contains("Dan Vega"));
        assertTrue(robot.lookup("#notes-next").queryAs(Label.class).getText().startsWith("Next: 2  The bug that hid the effect"));
        robot.interact(() -> stage.requestFocus());
        robot.type(KeyCode.N);
        assertFalse(onStage.notesShowing());
        robot.interact(() -> stage.getScene().getRoot().lookup("#shortcuts-overlay").setVisible(false));
        robot.type(KeyCode.F1);
        assertTrue(robot.lookup("#shortcuts-overlay").query().isVisible());
        robot.type(KeyCode.ESCAPE);
        assertFalse(robot.lookup("#shortcuts-overlay").query().isVisible());
        robot.type(KeyCode.H);
        assertEquals(AppTheme.HIGH_CONTRAST, AppTheme.current());
        robot.type(KeyCode.H);
        assertEquals(AppTheme.DARK, AppTheme.current());
    }

    private void finishASmallRun(FxRobot robot) throws Exception {
        robot.interact(() -> {
            view.model().lockModeProperty().set(LockMode.SYNCHRONIZED);
            view.model().parallelismProperty().set(2);
            view.model().threadsTextProperty().set("300");
        });
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> view.model().state() == RunState.FINISHED);
        assertNotNull(view.model().lastSummaryProperty().get());
    }

    private static int distinctColours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }

    private static int inkIn(BufferedImage image, Rectangle r) {
        int ground = image.getRGB(r.x, r.y);
        int count = 0;
        for (int y = r.y; y < r.y + r.height; y++) {
            for (int x = r.x; x < r.x + r.width; x++) {
                count += image.getRGB(x, y) != ground ? 1 : 0;
            }
        }
        return count;
    }
}
