package loomscope.ui.history;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import loomscope.report.HistoryEntry;

/**
 * Every run as a table row and a bar, so the seeds' comparisons build up on screen; select two rows
 * (Ctrl+click) to see how many times slower one was.
 */
public final class HistoryView extends VBox {
    private final TableView<HistoryRow> table = new TableView<>();
    private final BarChart<String, Number> chart;
    private final XYChart.Series<String, Number> series = new XYChart.Series<>();
    private static final int MAX_BARS = 10;
    private final Label comparison = new Label("Select two runs to compare them.");
    /** The run numbers selected as a row is made again, to be selected again once it is. */
    private Set<Integer> selectedBeforeRemaking = Set.of();

    public HistoryView(ObservableList<HistoryRow> history) {
        getStyleClass().add("side-panel");
        Label title = new Label("History");
        title.getStyleClass().add("section-title");
        table.setId("history-table");
        // a row made again (its run classed after its end) is a replaced item, which the table unselects: the rows
        // selected just before are selected again after (this listener runs before the table's, the one below after)
        history.addListener((ListChangeListener<HistoryRow>) change -> {
            if (HistoryChanges.madeAgain(change)) {
                selectedBeforeRemaking = table.getSelectionModel().getSelectedItems().stream().map(HistoryRow::number)
                        .collect(Collectors.toSet());
            }
        });
        table.setItems(history);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No runs yet"));
        table.getColumns().addAll(List.of(
                column("#", 28, HistoryRow::number),
                column("JDK", 74, HistoryRow::jvm),
                column("Mode", 112, HistoryRow::mode),
                column("P", 32, HistoryRow::parallelism),
                column("N", 58, r -> String.format(Locale.ROOT, "%,d", r.threads())),
                column("Secs", 96, r -> String.format(Locale.ROOT, "%.3f%s%s%s", r.seconds(), r.cancelled() ? " stopped" : "",
                        r.carriersLowered() ? HistoryEntry.LOWERED_MARK : "", r.opened() ? " opened" : "")),
                column("Pins", 60, HistoryRow::pinsText)));
        table.setTooltip(new Tooltip("Secs: wall time (stopped: the run was stopped before its tasks were done; opened: a saved run "
                + "read from a file; " + HistoryEntry.LOWERED_NOTE + "). Pins: mounts that blocked while holding their carrier"
                + " (unsure: mounts whose carrier's clocks could not tell whether they blocked)."));
        table.setPrefHeight(190);
        table.setMinHeight(120);
        VBox.setVgrow(table, Priority.SOMETIMES);

        CategoryAxis x = new CategoryAxis();
        NumberAxis y = new NumberAxis();
        y.setLabel("seconds");
        chart = new BarChart<>(x, y);
        chart.setId("history-chart");
        chart.setLegendVisible(false);
        chart.setAnimated(false);
        chart.setPrefHeight(240);
        chart.setMinHeight(160);
        chart.getData().add(series);
        VBox.setVgrow(chart, Priority.ALWAYS);

        comparison.setId("comparison");
        comparison.setWrapText(true);
        comparison.getStyleClass().add("timing-figure");
        history.addListener((ListChangeListener<HistoryRow>) change -> {
            if (HistoryChanges.madeAgain(change)) {
                // a run classed after its end: its bar may change colour (few bars: drawn again)
                series.getData().clear();
                history.subList(Math.max(0, history.size() - MAX_BARS), history.size()).forEach(this::addBar);
                for (int i = 0; i < history.size(); i++) {
                    if (selectedBeforeRemaking.contains(history.get(i).number())) {
                        table.getSelectionModel().select(i);
                    }
                }
                selectedBeforeRemaking = Set.of();
            } else {
                HistoryChanges.newRuns(change).forEach(this::addBar);
            }
            if (isInAShownWindow()) {
                table.scrollTo(history.size() - 1);
            }
        });
        table.getSelectionModel().getSelectedItems().addListener((ListChangeListener<HistoryRow>) c -> compareSelection());
        getChildren().addAll(title, table, comparison, chart);
    }

    /** The chart keeps the last few runs readable; the table keeps them all. Pinned runs get the pinned colour. */
    private void addBar(HistoryRow row) {
        XYChart.Data<String, Number> bar = new XYChart.Data<>(row.label(), row.seconds());
        series.getData().add(bar);
        if (series.getData().size() > MAX_BARS) {
            series.getData().remove(0);
        }
        bar.nodeProperty().addListener((o, was, node) -> styleBar(node, row));
        styleBar(bar.getNode(), row);
    }

    private static void styleBar(Node node, HistoryRow row) {
        if (node != null) {
            node.getStyleClass().add(row.pinnedMounts() > 0 ? "bar-pinned" : "bar-unpinned");
            Tooltip.install(node, new Tooltip(String.format(Locale.ROOT, "#%d %s P=%d N=%,d: %.3f s, pinned mounts %s%s",
                    row.number(), row.mode(), row.parallelism(), row.threads(), row.seconds(), row.pinsText(),
                    row.carriersLowered() ? "\n" + HistoryEntry.LOWERED_NOTE : "")));
        }
    }

    private void compareSelection() {
        List<HistoryRow> selected = List.copyOf(table.getSelectionModel().getSelectedItems());
        if (selected.size() != 2) {
            comparison.setText(selected.size() > 2 ? "Select exactly two runs to compare." : "Select two runs to compare them.");
            return;
        }
        HistoryRow slow = selected.get(0).seconds() >= selected.get(1).seconds() ? selected.get(0) : selected.get(1);
        HistoryRow fast = slow == selected.get(0) ? selected.get(1) : selected.get(0);
        comparison.setText(String.format(Locale.ROOT, "#%d (%s P%d%s) took %.2fx as long as #%d (%s P%d%s)%s",
                slow.number(), slow.mode(), slow.parallelism(), HistoryEntry.loweredSuffix(slow.carriersLowered()),
                slow.ratioTo(fast), fast.number(), fast.mode(), fast.parallelism(),
                HistoryEntry.loweredSuffix(fast.carriersLowered()),
                slow.carriersLowered() || fast.carriersLowered() ? ". " + HistoryEntry.LOWERED_NOTE + "." : ""));
    }

    public TableView<HistoryRow> table() { return table; }

    /**
     * Scrolling builds and styles the new row's cells at once; in a scene that is in no window (the warm-up's copy
     * once the window is back) AtlantaFX's looked-up cell colours cannot be found, and each cell logged a CSS
     * warning. Nobody sees that table: it need not scroll.
     */
    private boolean isInAShownWindow() {
        return table.getScene() != null && table.getScene().getWindow() != null && table.getScene().getWindow().isShowing();
    }

    public String comparisonText() { return comparison.getText(); }

    public int bars() { return series.getData().size(); }

    private static <T> TableColumn<HistoryRow, T> column(String name, double width, Function<HistoryRow, T> value) {
        TableColumn<HistoryRow, T> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setSortable(false);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        return c;
    }
}
