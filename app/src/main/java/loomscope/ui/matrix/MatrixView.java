package loomscope.ui.matrix;

import java.util.Locale;

import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import loomscope.matrix.MatrixCell;
import loomscope.matrix.MatrixPlan;
import loomscope.report.MatrixTables;

/**
 * The matrix: threads and P, Start and Cancel, progress, and the grid (a row per scenario, a column per JVM), each
 * cell filled as its run finishes; a click shows that run in the main window. Nodes bound to the model and nothing else.
 */
public final class MatrixView extends BorderPane {

    /** The scenario names' column, in percent of the grid's width. */
    private static final double NAME_SHARE = 14;

    private final MatrixViewModel model;
    private final GridPane grid = new GridPane();

    public MatrixView(MatrixViewModel model) {
        this.model = model;
        Spinner<Integer> threads = new Spinner<>(1, MatrixPlan.MAX_THREADS, model.threads(), 100);
        threads.setId("matrix-threads");
        threads.setEditable(true);
        threads.setPrefWidth(110);
        Spinner<Integer> parallelism = new Spinner<>(1, 64, model.parallelism());
        parallelism.setId("matrix-parallelism");
        parallelism.setPrefWidth(80);
        Button start = new Button("Run the matrix");
        start.setId("matrix-start");
        start.setDefaultButton(true);
        start.setTooltip(new Tooltip("Every scenario on every JVM found, one real run in a child JVM each, JFR on"));
        start.setOnAction(e -> model.start(threads.getValue(), parallelism.getValue()));
        start.disableProperty().bind(model.runningProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("matrix-cancel");
        cancel.setOnAction(e -> model.cancel());
        cancel.disableProperty().bind(model.runningProperty().not());
        ProgressBar progress = new ProgressBar();
        progress.setId("matrix-progress");
        progress.progressProperty().bind(model.progressProperty());
        Label message = new Label();
        message.setId("matrix-message");
        message.textProperty().bind(model.messageProperty());
        message.setMinWidth(0);
        HBox.setHgrow(message, Priority.ALWAYS);
        HBox bar = new HBox(10, new Label("Threads"), threads, new Label("P"), parallelism, start, cancel, progress, message);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(10, 14, 10, 14));
        for (var n : bar.getChildren()) {
            if (n instanceof Region r && n != message) {
                r.setMinWidth(Region.USE_PREF_SIZE);
            }
        }
        setTop(bar);
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(4, 14, 14, 14));
        ScrollPane scroll = new ScrollPane(grid);
        scroll.setFitToWidth(true);
        setCenter(scroll);
        model.planProperty().addListener((o, was, plan) -> rebuild());
        model.cells().addListener((ListChangeListener<MatrixCell>) change -> rebuild());
        model.runningProperty().addListener((o, was, now) -> rebuild());
        rebuild();
    }

    /** Once per finished cell: ~30 nodes, chrome rather than data points. */
    private void rebuild() {
        grid.getChildren().clear();
        grid.getColumnConstraints().clear();
        MatrixPlan plan = model.planProperty().get();
        if (plan == null) {
            return;
        }
        // fixed shares: a long reason must not widen its column at the others' expense
        ColumnConstraints names = new ColumnConstraints();
        names.setPercentWidth(NAME_SHARE);
        grid.getColumnConstraints().add(names);
        for (int col = 0; col < plan.jvms().size(); col++) {
            ColumnConstraints c = new ColumnConstraints();
            c.setPercentWidth((100.0 - NAME_SHARE) / plan.jvms().size());
            grid.getColumnConstraints().add(c);
            Label heading = new Label(MatrixPlan.columnName(plan.jvms().get(col)));
            heading.getStyleClass().add("matrix-heading");
            heading.setTooltip(new Tooltip(plan.jvms().get(col).label()));
            grid.add(heading, col + 1, 0);
        }
        for (int row = 0; row < plan.scenarios().size(); row++) {
            Label name = new Label(plan.scenarios().get(row).name());
            name.getStyleClass().add("matrix-heading");
            grid.add(name, 0, row + 1);
            for (int col = 0; col < plan.jvms().size(); col++) {
                int index = row * plan.jvms().size() + col;
                grid.add(cell(index), col + 1, row + 1);
            }
        }
    }

    private Button cell(int index) {
        VBox lines = new VBox(2);
        Button button = new Button();
        button.setId("matrix-cell-" + index);
        button.getStyleClass().add("matrix-cell");
        button.setMaxWidth(Double.MAX_VALUE);
        button.setMinWidth(0);
        button.setGraphic(lines);
        GridPane.setFillWidth(button, true);
        if (index < model.cells().size()) {
            switch (model.cells().get(index)) {
                case MatrixCell.Measured m -> {
                    lines.getChildren().add(line(MatrixTables.pinned(m), "matrix-count", m.pinnedMounts() > 0 ? "pinned" : "not-pinned"));
                    lines.getChildren().add(line(String.format(Locale.ROOT, "JFR %,d · %s · %s", m.jfrEvents(),
                            MatrixTables.seconds(m.wallMillis()), MatrixTables.carriers(m)), "matrix-details"));
                    if (m.topReason() != null) {
                        lines.getChildren().add(line(m.topReason(), "matrix-details"));
                    }
                    if (!m.agreesWithJfr()) {
                        button.getStyleClass().add("disagrees");
                        lines.getChildren().add(line("≠ JFR: " + m.disagreement(), "matrix-disagrees"));
                    }
                    button.setTooltip(new Tooltip(MatrixTables.text(m) + "\nClick: show this run in the main window's lanes"));
                }
                case MatrixCell.NotRun n -> {
                    lines.getChildren().add(line("— " + n.why(), "matrix-why"));
                    button.setTooltip(new Tooltip(n.why()));
                }
            }
            button.setOnAction(e -> model.open(index));
        } else {
            boolean runningNow = model.runningProperty().get() && index == model.cells().size();
            lines.getChildren().add(line(runningNow ? "running …" : "waiting", "matrix-why"));
            button.setDisable(true);
        }
        return button;
    }

    private static Label line(String text, String... styles) {
        Label label = new Label(text);
        label.getStyleClass().addAll(styles);
        label.setMinWidth(0);
        return label;
    }

    /** For tests and the window: how many cell buttons the grid shows now. */
    int shownCells() {
        return (int) grid.getChildren().stream().filter(n -> n.getStyleClass().contains("matrix-cell")).count();
    }
}
