package loomscope.ui.sweep;

import java.util.function.Supplier;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import loomscope.runs.RunTarget;
import loomscope.workload.WorkloadConfig;

/**
 * The sweep window's content: what it will run, Start / Cancel, progress, the chart. Binds to the
 * {@link SweepViewModel}; the workload and the JVM are the main window's at the moment Start is pressed.
 */
public final class SweepView extends BorderPane {
    private final SweepChart chart;

    public SweepView(SweepViewModel model, Supplier<WorkloadConfig> inputs, Supplier<RunTarget> where) {
        getStyleClass().add("sweep-view");
        chart = new SweepChart(model);
        Button start = new Button("Start sweep");
        start.setId("sweep-start");
        start.getStyleClass().addAll(Styles.SUCCESS);
        start.setOnAction(e -> model.start(inputs.get(), where.get()));
        start.disableProperty().bind(model.runningProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("sweep-cancel");
        cancel.getStyleClass().add(Styles.DANGER);
        cancel.setOnAction(e -> model.cancel());
        cancel.disableProperty().bind(model.runningProperty().not());
        ProgressBar progress = new ProgressBar();
        progress.setId("sweep-progress");
        progress.setPrefWidth(260);
        progress.progressProperty().bind(model.progressProperty());
        Label message = new Label();
        message.setId("sweep-message");
        message.textProperty().bind(model.messageProperty());
        Label about = new Label();
        about.setWrapText(true);
        about.textProperty().bind(Bindings.createStringBinding(() -> model.planProperty().get() == null
                ? "One real run per point, one after another, on the main window's scenario, parameters, P and Run on: "
                        + "the same runs on virtual and on platform threads. Keep the main window idle meanwhile."
                : model.planProperty().get().title(), model.planProperty()));
        HBox bar = new HBox(12, start, cancel, progress, message);
        bar.setAlignment(Pos.CENTER_LEFT);
        VBox top = new VBox(8, about, bar);
        top.setPadding(new Insets(12, 14, 8, 14));
        setTop(top);
        setCenter(chart);
    }

    public SweepChart chart() { return chart; }
}
