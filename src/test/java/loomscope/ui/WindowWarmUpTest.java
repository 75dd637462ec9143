package loomscope.ui;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import javafx.stage.Stage;
import loomscope.recording.RunRecording;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The start-up warm-up: real hidden runs, then over; and the user's Run always wins. */
@ExtendWith(ApplicationExtension.class)
class WindowWarmUpTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.show();
    }

    @Test
    void aWarmUpDoesItsRunsThenSaysReady() {
        MainViewModel model = new MainViewModel();
        AtomicInteger overCalls = new AtomicInteger();
        WindowWarmUp warmUp = onFx(() -> {
            WindowWarmUp w = WindowWarmUp.startFor(model, AppTheme.DARK, 1280, 720);
            w.whenOver(overCalls::incrementAndGet);
            return w;
        });
        assertTrue(onFx(() -> model.messageProperty().get()).startsWith("Warming up"));

        waitFor(60, "the warm-up to end", () -> onFx(warmUp::isOver));

        assertEquals(WindowWarmUp.RUNS, onFx(() -> warmUp.hiddenModel().history().size()), "hidden runs done");
        assertTrue(onFx(() -> warmUp.hiddenModel().history().stream().noneMatch(r -> r.cancelled())));
        assertEquals(0, onFx(() -> model.history().size()), "nothing of it reaches the window's history");
        assertEquals(1, overCalls.get());
        assertTrue(onFx(() -> model.messageProperty().get()).startsWith("Ready"));
    }

    @Test
    void aRunStartedInTheWindowCancelsTheWarmUpAtOnce() {
        MainViewModel model = new MainViewModel();
        fx(() -> stage.setScene(new javafx.scene.Scene(new MainView(model), 1280, 720)));
        WindowWarmUp warmUp = onFx(() -> WindowWarmUp.startFor(model, AppTheme.DARK, 1280, 720));
        waitFor(20, "the hidden run to start", () -> onFx(() -> warmUp.hiddenModel().stateProperty().get() == RunState.RUNNING));

        fx(() -> {
            model.threadsTextProperty().set("300");
            model.run();
        });

        assertTrue(onFx(warmUp::isOver), "cancelled as the window's run started");
        waitFor(10, "the hidden run to wind down", () -> onFx(() -> !warmUp.hiddenModel().stateProperty().get().isActive()));
        waitFor(30, "the window's own run", () -> onFx(() -> model.history().size() == 1));
        assertFalse(onFx(() -> model.history().get(0).cancelled()));

        // the window's run began only after the stopped hidden run had ended (so JFR saw none of its threads)
        RunRecording hiddenRun = onFx(() -> warmUp.hiddenModel().recordingProperty().get());
        RunRecording windowRun = onFx(() -> model.recordingProperty().get());
        assertTrue(hiddenRun.isFinished());
        assertTrue(windowRun.origin() + windowRun.runStart() >= hiddenRun.origin() + hiddenRun.runEnd(),
                "the window's run started before the hidden run had ended");
    }
}
