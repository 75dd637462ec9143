package loomscope.ui.app;

import javafx.animation.AnimationTimer;
import javafx.event.Event;
import javafx.event.EventTarget;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * Where the warm-up's copy of the window is drawn while it runs ({@link WindowWarmUp}); FX thread only.
 * <p>
 * The JIT compiles what is drawn the way it is drawn. Rendered off-screen with {@code Scene.snapshot}, the
 * copy left the on-screen paths of the software pipeline half-trained: at the window's first 16-carrier run,
 * some twenty of its compiled rendering methods met branches they had never taken (HotSpot's "unstable_if",
 * {@code -Xlog:deoptimization}), were thrown away and compiled again during the run's first ~0.1 s
 * (README, "The window and the CPU").
 */
sealed interface WarmUpSurface {

    /** Starts drawing the copy. */
    void start();

    /** Stops drawing it, for good; does nothing the second time. */
    void stop();

    /** The copy's run {@code number} (from 1) of {@code of} starts. */
    default void runStarts(int number, int of) { }

    /** Renders the copy into an image nobody sees, each pulse: for tests and a window that opens presenting. */
    final class OffScreen implements WarmUpSurface {
        private final AnimationTimer render;

        OffScreen(Scene copy) {
            WritableImage frame = new WritableImage((int) copy.getWidth(), (int) copy.getHeight());
            render = new AnimationTimer() {
                @Override
                public void handle(long now) {
                    copy.snapshot(frame); // the software pipeline's drawing, into an image
                }
            };
        }

        @Override
        public void start() { render.start(); }

        @Override
        public void stop() { render.stop(); }
    }

    /**
     * Shows the copy in the window itself, under a banner saying what it is: its runs are real runs of the
     * workload, drawn from their recordings like any run, and kept nowhere. Any key (a modifier alone is not one)
     * or click gives the window back at once; the key is then handed on to the window as if pressed there, so
     * Ctrl+R, say, starts the user's run.
     */
    final class OnTheWindow implements WarmUpSurface {
        private final Stage stage;
        private final Scene copy;
        private final Runnable skip;
        private final Label title = new Label();
        private Scene window;

        /** {@code skip}: what any key or click on the copy does before the window comes back (cancels the warm-up). */
        OnTheWindow(Stage stage, Scene copy, StackPane copyRoot, Runnable skip) {
            this.stage = stage;
            this.copy = copy;
            this.skip = skip;
            copyRoot.getChildren().add(banner(title));
            copy.addEventFilter(KeyEvent.KEY_PRESSED, this::keyPressed);
            copy.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> {
                e.consume();
                skip.run();
            });
        }

        @Override
        public void start() {
            window = stage.getScene();
            if (!stage.isMaximized() && !stage.isFullScreen()) {
                // a window never sized by the app takes each new scene's size: keep the user's, both ways
                stage.setWidth(stage.getWidth());
                stage.setHeight(stage.getHeight());
            }
            stage.setScene(copy);
        }

        @Override
        public void stop() {
            if (window != null && stage.getScene() == copy) {
                stage.setScene(window);
            }
        }

        @Override
        public void runStarts(int number, int of) {
            title.setText("Warming up: run " + number + " of " + of + (of == WindowWarmUp.RUNS ? ", " + WindowWarmUp.ABOUT
                    + " in all" : ""));
        }

        private void keyPressed(KeyEvent e) {
            if (e.getCode().isModifierKey()) {
                return; // Ctrl of Ctrl+R, or Alt of Alt+Tab: wait for the key itself
            }
            e.consume();
            skip.run();
            if (window != null && stage.getScene() == window) {
                // where the window would have sent it: its focus owner, else the scene (accelerators either way)
                Node focused = window.getFocusOwner();
                EventTarget target = focused != null ? focused : window;
                Event.fireEvent(target, e.copyFor(window, target));
            }
        }

        private static VBox banner(Label title) {
            title.getStyleClass().add("warm-up-title");
            title.setId("warm-up-title");
            Label body = new Label("Real runs of the workload, drawn as they happen, compile this window's code so "
                    + "that your first run is measured warm. Nothing of them is kept.\n"
                    + "Any key or click skips the rest (your first run is then slower).");
            body.setWrapText(true);
            VBox banner = new VBox(8, title, body);
            banner.getStyleClass().add("warm-up-banner");
            banner.setMaxSize(VBox.USE_PREF_SIZE, VBox.USE_PREF_SIZE);
            banner.setPrefWidth(760);
            return banner;
        }
    }
}
