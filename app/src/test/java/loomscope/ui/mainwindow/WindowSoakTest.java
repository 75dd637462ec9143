package loomscope.ui.mainwindow;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.probe.ProbeView;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;

/**
 * Issue #14, defect 5: the window's heap grew with every run (each history row kept its whole recording). Twenty
 * real runs in one window, probes on, with the heap after a full collection and the live thread count taken at run
 * 5 and at run 20. A recording kept per run grows the heap by ~465 kB a run at N = 2,000 (measured by keeping them:
 * docs/reliability.md), ~7 MB between the two looks. Beside two CPU hogs the heap grew ~166 kB a run without it (not
 * traced yet: a history row keeps its summary and the sites of its held mounts with their stacks, and under load many
 * mounts are held). The bound lies between, {@value #GROWTH_ALLOWED_BYTES} bytes (300 kB a run), and is an absolute
 * one, because a share of the heap would hide the leak: the test JVM's heap after a full collection is ~320 MB of
 * other tests' and the toolkit's. Its figures are printed for docs/reliability.md.
 */
@ExtendWith(ApplicationExtension.class)
class WindowSoakTest {
    private static final int RUNS = 20;
    private static final long GROWTH_ALLOWED_BYTES = 4_500_000;
    /** The run after which the heap is first looked at: the window's caches are full by then. */
    private static final int FIRST_LOOK = 5;
    private static final int THREADS = 2_000;
    private MainViewModel model;

    @Start
    void start(Stage stage) {
        model = new MainViewModel(JobThreads.runStarters());
        MainWindow view = MainWindow.of(model);
        view.installProbes();
        Scene scene = new Scene(view.view(), 1600, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    // twenty runs, each with its own ceiling: beside two CPU hogs and another test class they took over 5 minutes,
    // so the suite's 10-minute limit for a hang (pom.xml, surefire's configurationParameters) is too short here
    @Timeout(value = 40, unit = TimeUnit.MINUTES)
    void twentyRunsKeepTheHeapAndTheThreadsFlat() throws InterruptedException {
        fx(() -> {
            model.lockModeProperty().set(LockMode.SYNCHRONIZED);
            model.parallelismProperty().set(2);
            model.threadsTextProperty().set(Integer.toString(THREADS));
            model.inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.CPU).set("100");
            model.inputs().paramTextProperty(Scenarios.DEFAULT, SeedScenario.SLEEP).set("1");
        });
        long heapAtFirstLook = 0;
        int threadsAtFirstLook = 0;
        long started = System.nanoTime();
        for (int run = 1; run <= RUNS; run++) {
            int rows = run - 1;
            fx(model::run);
            // a ceiling: a run takes ~1 s here; beside CPU hogs and a test build one took over 60 s
            waitFor(300, "run " + run + " to end", () -> onFx(() -> model.history().size() > rows && !model.state().isActive()));
            if (run == FIRST_LOOK) {
                heapAtFirstLook = heapAfterFullGc();
                threadsAtFirstLook = liveThreads();
            }
        }
        long heapAtEnd = heapAfterFullGc();
        int threadsAtEnd = liveThreadsOnceAtMost(threadsAtFirstLook + 3);
        long growth = heapAtEnd - heapAtFirstLook;
        System.out.printf(Locale.ROOT, "window soak: %d runs of N=%,d in %.0f s; heap after full GC run %d %.1f MB, run %d %.1f MB"
                        + " (%+.2f MB); live threads run %d %d, run %d %d%n", RUNS, THREADS, (System.nanoTime() - started) / 1e9,
                FIRST_LOOK, heapAtFirstLook / 1e6, RUNS, heapAtEnd / 1e6, growth / 1e6, FIRST_LOOK, threadsAtFirstLook, RUNS,
                threadsAtEnd);
        assertEquals(RUNS, onFx(() -> model.history().size()));
        assertTrue(growth <= GROWTH_ALLOWED_BYTES, String.format(Locale.ROOT,
                "heap after full GC grew %.2f MB from run %d to run %d", growth / 1e6, FIRST_LOOK, RUNS));
        assertTrue(threadsAtEnd <= threadsAtFirstLook + 3, "live threads " + threadsAtFirstLook + " -> " + threadsAtEnd);
    }

    private static long heapAfterFullGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(100);
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    /** The fewest live threads seen over 1 s: a run's carriers and its probes' threads wind down just after its end. */
    private static int liveThreads() throws InterruptedException {
        int fewest = Integer.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            Thread.sleep(100);
            fewest = Math.min(fewest, ManagementFactory.getThreadMXBean().getThreadCount());
        }
        return fewest;
    }

    /**
     * The live threads once they are {@code limit} or fewer, or after 30 s: a loaded machine winds a run's threads
     * down later, not never (a fixed pause was a guess); threads leaked run by run stay, and fail the assert.
     */
    private static int liveThreadsOnceAtMost(int limit) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        int count = ManagementFactory.getThreadMXBean().getThreadCount();
        while (count > limit && System.nanoTime() < deadline) {
            Thread.sleep(100);
            count = ManagementFactory.getThreadMXBean().getThreadCount();
        }
        return count;
    }
}
