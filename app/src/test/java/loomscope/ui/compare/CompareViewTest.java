package loomscope.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkInspector;
import loomscope.runs.RunTarget;
import loomscope.report.CardSize;
import loomscope.report.DrawnText;
import loomscope.report.HistoryEntry;
import loomscope.report.RenderedCard;
import loomscope.report.TimeText;
import loomscope.report.TimingCard;
import loomscope.report.TimingCardRenderer;
import loomscope.ui.job.JobThreads;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.run.RunState;
import loomscope.scenario.SeedScenario;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The compare view on the Headless glass platform: a child JVM with legacy locking on the left (it pins),
 * this JVM on the right (it does not), one after the other; lanes animate from the child's stream, the
 * chart and the ratio come from both recordings; a child that cannot start leaves the view usable.
 */
@ExtendWith(ApplicationExtension.class)
class CompareViewTest {
    private static final int N = 300;
    private static final WorkloadConfig CONFIG = SeedScenario.config().withThreads(N).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName());

    @TempDir
    static Path tmp;

    private CompareView view;

    @Start
    void start(Stage stage) {
        view = new CompareView(new CompareViewModel(() -> CONFIG, JobThreads.runStarters()), new RunOnCatalog(tmp.resolve("jdks.txt"), JobThreads.jobs()));
        Scene scene = new Scene(view, 1600, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    private static RunTarget.ChildJvm thisJdkWithLegacyLocking() {
        JdkCheck check = new JdkInspector().inspect(Path.of(System.getProperty("java.home")), "test");
        return RunTarget.ChildJvm.legacyLocking(((JdkCheck.Accepted) check).jdk());
    }

    @Test
    void childOnTheLeftThisJvmOnTheRightThenBarsAndRatio(FxRobot robot) throws Exception {
        CompareViewModel model = view.model();
        robot.interact(() -> {
            model.left().targetProperty().set(thisJdkWithLegacyLocking());
            model.right().targetProperty().set(new RunTarget.ThisJvm());
        });
        robot.clickOn("#compare-run");

        // while the child runs, its lanes are drawn from the stream
        AtomicInteger lanesWhileRunning = new AtomicInteger();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> {
            RunRecording r = model.left().recordingProperty().get();
            if (r == null || r.isFinished() || r.doneCount() < 20) {
                return false;
            }
            robot.interact(() -> lanesWhileRunning.set(view.left().recordingView().lanes().laneCount()));
            return true;
        });
        assertEquals(1, lanesWhileRunning.get(), "one carrier lane for P=1, drawn while the child runs");
        assertEquals(RunState.IDLE, model.right().state(), "one after the other: right waits");

        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !model.isBusy());
        RunSummary left = model.left().summaryProperty().get();
        RunSummary right = model.right().summaryProperty().get();
        assertEquals(N, left.completed());
        assertEquals(N, left.pinnedThreads(), "legacy locking pins every thread");
        assertEquals(0, right.pinnedMounts(), "JEP 491: no pins in this JVM");
        // counts and a lower bound, not a ratio of times: the right run is CPU-bound and load stretches it at will
        assertEquals(1, left.maxLockHolders(), "pinned at P=1: one sleeper at a time: " + left);
        assertTrue(right.maxLockHolders() > 1, "unmounted: sleeps overlap: " + right);
        assertTrue(left.wallMillis() >= 0.95 * N * CONFIG.shape().sleepMillis(), "pinned sleeps add up: " + left);
        assertTrue(robot.lookup("#compare-ratio").queryAs(Label.class).getText().startsWith("Left took "));
        WaitForAsyncUtils.waitForFxEvents();
        // one time scale for both sides: the shorter run does not fill its lanes as the longer one does
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> {
            var l = view.left().recordingView().lanes().geometry();
            var r = view.right().recordingView().lanes().geometry();
            return l != null && r != null && l.axis().span() == r.axis().span();
        });
        var rightLanes = view.right().recordingView().lanes().geometry();
        var rightRun = view.right().recordingView().recording();
        assertTrue(rightLanes.x(rightRun.settledEnd()) < rightLanes.trailX() + rightLanes.trailWidth() - 1,
                "the right run, the shorter, ends before its lanes do");
        double[] bars = view.chart().barWidths();
        assertTrue(bars[0] > bars[1] && bars[1] > 0, bars[0] + " vs " + bars[1]);
        assertEquals(String.format("%.3f s", left.wallMillis() / 1000),
                robot.lookup("#left-clock").queryAs(Label.class).getText());

        // Export card: the card handed to the exporter shows both runs, named by the JVM that ran them
        List<TimingCard> exported = new java.util.concurrent.CopyOnWriteArrayList<>();
        robot.interact(() -> view.setCardExport((card, tell) -> {
            exported.add(card);
            tell.accept("Saved 4 files to /tmp/x.");
        }));
        // the selector moves on after the run: the card still names the JVM that ran
        robot.interact(() -> model.left().targetProperty().set(new RunTarget.ThisJvm()));
        robot.clickOn("#compare-export");
        assertEquals(1, exported.size());
        assertEquals("Saved 4 files to /tmp/x.", robot.lookup("#compare-export-note").queryAs(Label.class).getText());
        TimingCard card = exported.get(0);
        assertEquals(List.of(left, right), card.history().stream().map(HistoryEntry::summary).toList());
        String jdk = "JDK " + Runtime.version().feature();
        assertEquals(new TimingCard.Comparison(jdk + " + legacy locking", jdk), card.comparison());
        RenderedCard rendered = new TimingCardRenderer().render(card, CardSize.FULL_HD);
        List<String> times = rendered.texts().stream().filter(t -> t.role().startsWith("bar-value")).map(DrawnText::text).toList();
        assertEquals(List.of(TimeText.seconds(left.wallMillis()), TimeText.seconds(right.wallMillis())), times,
                "both runs' times on the card");
        assertTrue(rendered.text("ratio").orElseThrow().text().startsWith(jdk + " + legacy locking took "));
        assertTrue(rendered.text("ratio-note").isEmpty(), "one after the other: fair numbers, nothing to excuse");
        assertTrue(card.history().get(0).jdkDetail().endsWith(" + legacy locking"), "the card's JDK row names the flag: "
                + card.history().get(0).jdkDetail());
    }

    @Test
    void aChildThatCannotStartIsReportedAndTheViewStaysUsable(FxRobot robot) throws Exception {
        CompareViewModel model = view.model();
        RunTarget.ChildJvm good = thisJdkWithLegacyLocking();
        robot.interact(() -> {
            model.left().targetProperty().set(new RunTarget.ChildJvm(good.jdk(), List.of("-XX:+NoSuchFlag"), "broken"));
            model.right().targetProperty().set(new RunTarget.ThisJvm());
        });
        robot.clickOn("#compare-run");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !model.isBusy());
        String error = robot.lookup("#left-error").queryAs(Label.class).getText();
        assertTrue(error.contains("Unrecognized VM option 'NoSuchFlag'"), error);
        assertTrue(robot.lookup("#compare-ratio").queryAs(Label.class).getText().isEmpty());
        assertFalse(robot.lookup("#compare-run").queryButton().isDisabled(), "usable again");
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        double[] bars = view.chart().barWidths();
        assertEquals(0, bars[0], "no time bar for a run that never ran");
        assertTrue(bars[1] > 0, "the right side still ran and has its bar");
    }

    @Test
    void togetherStartsBothAtOnceAndWarnsThatTheyShareTheCpu(FxRobot robot) throws Exception {
        CompareViewModel model = view.model();
        robot.interact(() -> {
            model.orderProperty().set(CompareViewModel.Order.TOGETHER);
            model.left().targetProperty().set(new RunTarget.ThisJvm());
            model.right().targetProperty().set(new RunTarget.ThisJvm());
        });
        assertTrue(robot.lookup("#compare-warning").queryAs(Label.class).getText().contains("share this machine's"));
        // read in the same FX turn as runBoth: a 300-thread run can be over before a later look (it was, once)
        boolean[] bothActive = new boolean[1];
        robot.interact(() -> {
            model.runBoth();
            bothActive[0] = model.left().state().isActive() && model.right().state().isActive();
        });
        assertTrue(bothActive[0], "both started at once");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !model.isBusy());
        assertEquals(N, model.left().summaryProperty().get().completed());
        assertEquals(N, model.right().summaryProperty().get().completed());
        assertTrue(model.ratioProperty().get().endsWith(" " + TimingCard.Comparison.TOGETHER), model.ratioProperty().get());

        // the order choice changes after the run: the card still says the runs shared the CPU
        robot.interact(() -> model.orderProperty().set(CompareViewModel.Order.ONE_AFTER_THE_OTHER));
        TimingCard card = CompareCard.of(model, java.time.LocalDate.of(2026, 11, 22));
        assertTrue(card.comparison().ranTogether());
        RenderedCard rendered = new TimingCardRenderer().render(card, CardSize.FULL_HD);
        assertEquals("(run together: they shared the CPU)", rendered.text("ratio-note").orElseThrow().text());
        assertTrue(rendered.text("ratio").orElseThrow().text().contains(" took "));
    }
}
