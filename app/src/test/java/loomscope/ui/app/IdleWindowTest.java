package loomscope.ui.app;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A window that shows nothing new is not laid out again on each frame. The Where panel's room was set on every pulse,
 * and a Region's size setter asks for a layout pass even when the value is the same: an idle window laid its side
 * panel out on every frame. Counted here: the frames in which any part of the window needed a layout pass, over 300
 * frames of a fresh window and 300 after a run, the window built as LoomScopeApp builds it. It prints the test JVM's
 * CPU over those frames (docs/performance.md, "The window").
 */
@ExtendWith(ApplicationExtension.class)
class IdleWindowTest {
    private static final int FRAMES = 300;
    /** Frames that may lay something out in a quiet window: a status word or a clock may change now and then. */
    private static final int LAID_OUT_AT_MOST = 3;

    private MainViewModel model;
    private Scene scene;
    /** Per part of the window (its path): the frames in which it needed a layout pass; FX thread only. */
    private final Map<String, Integer> laidOut = new TreeMap<>();
    private int frames;
    private boolean counting;

    @Start
    void start(Stage stage) {
        model = new MainViewModel(JobThreads.runStarters());
        MainWindow view = MainWindow.of(model);
        view.installProbes();
        scene = new Scene(new StackPane(view.view()), 1600, 900);
        AppTheme.DARK.applyTo(scene);
        scene.addPreLayoutPulseListener(() -> {
            if (counting) {
                frames++;
                deepestNeedingLayout(scene.getRoot()).forEach(path -> laidOut.merge(path, 1, Integer::sum));
            }
        });
        stage.setScene(scene);
        stage.setWidth(1600);
        stage.setHeight(900);
        stage.show();
    }

    @Test
    void aQuietWindowIsNotLaidOutFrameAfterFrame() throws InterruptedException {
        Thread.sleep(2_000);   // the first frames lay the window out, its fonts and tables measured
        assertQuiet("a fresh window");

        fx(() -> model.threadsTextProperty().set("500"));
        fx(model::run);
        waitFor(300, "the run to end", () -> onFx(() -> model.history().size() == 1 && !model.state().isActive()));
        Thread.sleep(2_000);   // the finished run's figures, history row and Where table laid out
        assertQuiet("after a run");
    }

    private void assertQuiet(String when) {
        long cpuBefore = processCpuNanos();
        long wallBefore = System.nanoTime();
        fx(() -> {
            laidOut.clear();
            frames = 0;
            counting = true;
        });
        waitFor(120, FRAMES + " frames", () -> onFx(() -> frames >= FRAMES));
        String report = onFx(() -> {
            counting = false;
            return frames + " frames; laid out: " + laidOut;
        });
        int most = onFx(() -> laidOut.values().stream().mapToInt(Integer::intValue).max().orElse(0));
        // for docs/performance.md: the whole test JVM's CPU while the window was quiet (no assert: a figure)
        System.out.printf(java.util.Locale.ROOT, "IdleWindowTest, %s: %s; this JVM's CPU %.2f s in %.2f s%n", when, report,
                (processCpuNanos() - cpuBefore) / 1e9, (System.nanoTime() - wallBefore) / 1e9);
        assertTrue(most <= LAID_OUT_AT_MOST, when + ": " + report);
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** The deepest parts that need a layout pass (their parents do because they do), named by their path. */
    private static List<String> deepestNeedingLayout(Parent parent) {
        List<String> found = new ArrayList<>();
        for (Node child : parent.getChildrenUnmodifiable()) {
            if (child instanceof Parent p && p.isNeedsLayout()) {
                found.addAll(deepestNeedingLayout(p));
            }
        }
        if (found.isEmpty() && parent.isNeedsLayout()) {
            found.add(path(parent));
        }
        return found;
    }

    private static String path(Node node) {
        StringBuilder path = new StringBuilder();
        for (Node n = node; n != null && path.length() < 200; n = n.getParent()) {
            String id = n.getId() != null ? "#" + n.getId() : n.getStyleClass().isEmpty() ? "" : "." + n.getStyleClass().get(0);
            path.insert(0, "/" + n.getClass().getSimpleName() + id);
        }
        return path.toString();
    }
}
