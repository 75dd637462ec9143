package loomscope.ui.attach;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The attach window's layout: the cost shown before any attach, and 64 carriers that stay readable by scrolling. */
@ExtendWith(ApplicationExtension.class)
class AttachViewTest {
    private AttachView view;

    private final java.util.concurrent.CountDownLatch attachGoesOn = new java.util.concurrent.CountDownLatch(1);
    private AttachViewModel model;

    @Start
    void start(Stage stage) {
        // an attach that waits for the test, then is refused: the window before, during and after one
        model = new AttachViewModel(command -> Thread.ofPlatform().daemon().start(command),
                () -> List.of(new loomscope.attach.JvmEntry(4242, "com.example.Server", "25.0.3", null)), pid -> {
                    attachGoesOn.await();
                    throw new IllegalStateException("refused for the test");
                });
        view = new AttachView(model);
        Scene scene = new Scene(view, 1500, 950);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theCostAndTheBetterWaysAreShownBeforeAnyAttach() {
        String cost = onFx(() -> ((Label) view.lookup("#attach-cost")).getText());
        // the figures are docs/attach.md's measured ones: each range the window gives stands there too
        assertTrue(cost.contains("A Java agent has been loaded dynamically"), cost);
        String doc = readDoc("attach.md");
        java.util.regex.Matcher figure = java.util.regex.Pattern.compile("\\+\\d+–\\d+ ns").matcher(cost);
        int figures = 0;
        while (figure.find()) {
            figures++;
            assertTrue(doc.contains(figure.group()), figure.group() + " is not in docs/attach.md");
        }
        assertEquals(2, figures, cost);
        String better = onFx(() -> ((Label) view.lookup("#attach-recommend")).getText());
        assertTrue(better.contains("-javaagent:") && better.contains("-XX:+EnableDynamicAgentLoading"), better);
    }

    private static String readDoc(String name) {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", name));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void whileAnAttachLastsTheLanesTakeTheRoomOfTheCostAndTheList() {
        fx(() -> model.listedJvms().selectedProperty().set(new loomscope.attach.JvmEntry(4242, "com.example.Server", "25.0.3", null)));
        fx(model::attach);
        assertEquals(AttachViewModel.State.ATTACHING, onFx(model::state));
        for (String id : List.of("#attach-cost", "#attach-recommend", "#attach-jvms")) {
            assertTrue(onFx(() -> !view.lookup(id).isVisible() && !view.lookup(id).isManaged()), id + " hidden while attaching");
        }
        assertTrue(onFx(() -> view.lookup("#attach-refresh").isDisabled()), "nothing to refresh while attaching");
        attachGoesOn.countDown();
        loomscope.ui.UiTestSupport.waitFor(20, "the refused attach to end", () -> onFx(() -> {
            model.pulse(System.nanoTime());
            return model.state() == AttachViewModel.State.IDLE;
        }));
        for (String id : List.of("#attach-cost", "#attach-recommend", "#attach-jvms")) {
            assertTrue(onFx(() -> view.lookup(id).isVisible()), id + " shown again once no attach lasts");
        }
        assertTrue(onFx(() -> !view.lookup("#attach-refresh").isDisabled()));
        assertTrue(onFx(() -> model.errorProperty().get()).contains("refused for the test"));
    }

    @Test
    void sixtyFourCarriersKeepReadableLanesAndScroll() {
        RunRecording carriers64 = recordingOf(64);
        fx(() -> {
            view.lanes().setRecording(carriers64);
            view.lanes().showLive();
        });
        // the lanes grow in a later layout pass: drawn again and laid out until they have (a loaded machine's pulses lag)
        for (int pass = 0; pass < 50 && onFx(() -> view.lanes().lanes().getHeight()) < 64 * AttachView.MIN_LANE_HEIGHT; pass++) {
            fx(() -> {
                view.lanes().showLive();
                view.applyCss();
                view.layout();
            });
        }
        double lanesHeight = onFx(() -> view.lanes().lanes().getHeight());
        assertTrue(lanesHeight >= 64 * AttachView.MIN_LANE_HEIGHT, "lanes " + lanesHeight + " px for 64 carriers");
        ScrollPane scroll = onFx(() -> (ScrollPane) view.lookup("#attach-lanes-scroll"));
        double content = onFx(() -> scroll.getContent().getBoundsInLocal().getHeight());
        double viewport = onFx(() -> scroll.getViewportBounds().getHeight());
        assertTrue(content > viewport, "the lanes scroll: " + content + " px in a viewport of " + viewport);
        assertEquals(64, onFx(() -> view.lanes().lanes().laneCount()));
    }

    /** {@code n} carriers named as a JDK pool names them, one mount each. */
    private static RunRecording recordingOf(int n) {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(n).withParallelism(n), "25.0.3");
        for (int c = 0; c < n; c++) {
            b.carrier(c, "ForkJoinPool-1-worker-" + (c + 1), 0, false);
        }
        for (int c = 0; c < n; c++) {
            b.mount(c, c, c * 1_000_000L, c * 1_000_000L, c * 1_000_000L + 5_000_000L, MountClass.NOT_HELD);
        }
        return b.finish(0, 100_000_000L, n, false);
    }
}
