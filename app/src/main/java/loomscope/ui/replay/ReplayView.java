package loomscope.ui.replay;

import java.util.Locale;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import loomscope.ui.widgets.LayoutBarrier;

/** Play/pause, frame steps, the timeline scrubber and the speed (log scale 0.01x..1x) of the replay. */
public final class ReplayView extends HBox {
    private final Slider scrubber = new Slider(0, 1, 0);
    private final Slider speed = new Slider(Math.log10(ReplayViewModel.MIN_SPEED), Math.log10(ReplayViewModel.MAX_SPEED),
            Math.log10(ReplayViewModel.DEFAULT_SPEED));

    public ReplayView(ReplayViewModel model) {
        getStyleClass().add("controls-bar");
        setSpacing(12);
        setAlignment(Pos.CENTER_LEFT);
        Label title = new Label("Replay");
        title.getStyleClass().add("section-title");
        Button back = new Button("<");
        back.setTooltip(new Tooltip("One frame back (Alt+Left)"));
        back.setOnAction(e -> model.step(-1));
        Button play = new Button();
        play.setId("play-button");
        play.getStyleClass().add(Styles.ACCENT);
        play.textProperty().bind(Bindings.when(model.playingProperty()).then("Pause").otherwise("Play"));
        play.setTooltip(new Tooltip("Play / pause the replay (Ctrl+P)"));
        play.setOnAction(e -> model.togglePlay());
        play.setMinWidth(80);
        Button forward = new Button(">");
        forward.setTooltip(new Tooltip("One frame forward (Alt+Right)"));
        forward.setOnAction(e -> model.step(1));

        scrubber.setId("replay-scrubber");
        // min == max (no run yet) makes the slider skin re-layout on every pulse: keep the range open
        scrubber.maxProperty().bind(Bindings.max(model.durationProperty(), 1e-6));
        scrubber.valueProperty().bindBidirectional(model.positionProperty());
        Label time = new Label();
        time.getStyleClass().add("timing-figure");
        time.textProperty().bind(Bindings.createStringBinding(
                () -> String.format(Locale.ROOT, "t = %.4f / %.3f s", model.positionProperty().get(), model.durationProperty().get()),
                model.positionProperty(), model.durationProperty()));

        speed.setId("replay-speed");
        speed.setPrefWidth(180);
        speed.setTooltip(new Tooltip("Replay speed, 0.01x to 1x"));
        speed.valueProperty().addListener((o, a, b) -> model.speedProperty().set(Math.pow(10, b.doubleValue())));
        model.speedProperty().addListener((o, a, b) -> {
            double log = Math.log10(b.doubleValue());
            if (Math.abs(speed.getValue() - log) > 1e-9) {
                speed.setValue(log);
            }
        });
        Label speedText = new Label();
        speedText.getStyleClass().add("timing-figure");
        speedText.textProperty().bind(Bindings.createStringBinding(
                () -> String.format(Locale.ROOT, "%.2fx: replay %.0f s", model.speedProperty().get(),
                        model.durationProperty().get() / model.speedProperty().get()),
                model.speedProperty(), model.durationProperty()));
        disableProperty().bind(model.availableProperty().not());
        LayoutBarrier scrubberBox = new LayoutBarrier(scrubber, 300, 30).growable();
        HBox.setHgrow(scrubberBox, Priority.ALWAYS);
        Label speedTitle = new Label("Speed");
        title.setMinWidth(Label.USE_PREF_SIZE);
        speedTitle.setMinWidth(Label.USE_PREF_SIZE);
        getChildren().addAll(title, back, play, forward, scrubberBox, new LayoutBarrier(time, 240, 30),
                speedTitle, speed, new LayoutBarrier(speedText, 220, 30));
    }

    public Slider scrubber() { return scrubber; }
}
