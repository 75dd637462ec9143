package loomscope.ui.probe;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.ObservableList;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import loomscope.probe.PinnedThreadsTable;

/** JFR's pinned events grouped like {@code jfr view pinned-threads}: where the app pinned, why, how often, how long. */
final class PinnedThreadsPanel extends VBox {
    private final TableView<PinnedThreadsTable.Row> table = new TableView<>();

    PinnedThreadsPanel(ObservableList<PinnedThreadsTable.Row> rows) {
        getStyleClass().add("side-panel");
        setSpacing(4);
        table.setId("pinned-threads-table");
        table.setItems(rows);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No pinned events (JDK 24+ does not pin on synchronized)"));
        table.getColumns().addAll(List.of(
                column("Top application frame", 230, PinnedThreadsTable.Row::method),
                column("Count", 70, r -> String.format(Locale.ROOT, "%,d", r.count())),
                column("Longest", 80, r -> String.format(Locale.ROOT, "%.2f ms", r.longestNanos() / 1e6)),
                column("Total", 80, r -> String.format(Locale.ROOT, "%,.0f ms", r.totalNanos() / 1e6)),
                column("Reason", 200, PinnedThreadsTable.Row::reason)));
        table.setPrefHeight(150);
        getChildren().add(table);
        VBox.setVgrow(table, Priority.ALWAYS);
    }

    private static TableColumn<PinnedThreadsTable.Row, String> column(String name, double width,
                                                                     Function<PinnedThreadsTable.Row, Object> value) {
        TableColumn<PinnedThreadsTable.Row, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(String.valueOf(value.apply(d.getValue()))));
        c.setSortable(false);
        return c;
    }

    TableView<PinnedThreadsTable.Row> table() { return table; }
}
