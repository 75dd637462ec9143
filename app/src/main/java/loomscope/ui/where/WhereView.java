package loomscope.ui.where;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import loomscope.probe.CauseReport;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.ui.lanes.LanesCanvas;

/**
 * Where: a table beside the lanes of the sites where the run's carriers were held (site, cause, count, carrier time
 * held, the longest); selecting one marks its mounts on the lanes with a frame in the text colour.
 */
public final class WhereView extends VBox {
    private final WhereViewModel model;
    private final TableView<CauseReport.Site> table = new TableView<>();
    private Color markColour = Color.WHITE;

    public WhereView(WhereViewModel model) {
        this.model = model;
        getStyleClass().add("side-panel");
        setId("where");
        Label title = new Label("Where");
        title.getStyleClass().add("section-title");
        Label note = new Label();
        note.setId("where-note");
        note.setWrapText(true);
        note.textProperty().bind(model.noteProperty());
        table.setId("where-table");
        table.setItems(model.sites());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("Nothing held its carrier, or the run is not over yet"));
        table.getColumns().addAll(List.of(
                column("Site (first frame outside the JDK)", 230, CauseReport.Site::frame),
                column("Cause", 70, CauseReport.Site::kind),
                column("Count", 60, s -> String.format(Locale.ROOT, "%,d", s.count())),
                column("Held", 80, s -> String.format(Locale.ROOT, "%,.1f ms", s.heldMillis())),
                column("Longest", 80, s -> String.format(Locale.ROOT, "%.1f ms", s.longestMillis())),
                column("Reasons", 200, WhereViewModel::reasons)));
        table.setPrefHeight(140);
        table.getSelectionModel().selectedItemProperty().addListener((o, was, site) -> model.selectedProperty().set(site));
        model.selectedProperty().addListener((o, was, site) -> {
            if (site == null) {
                table.getSelectionModel().clearSelection();
            } else if (table.getSelectionModel().getSelectedItem() != site) {
                table.getSelectionModel().select(site);
            }
        });
        getChildren().addAll(title, note, table);
        VBox.setVgrow(table, Priority.ALWAYS);
    }

    public TableView<CauseReport.Site> table() { return table; }

    /** The colour of the marks (the theme's text colour: it stands out on every state's colour). */
    public void setMarkColour(Color colour) { this.markColour = colour; }

    /**
     * Frames the selected site's mounts on {@code lanes}' last frame: drawn as an overlay, on the lanes' own time scale.
     * Returns how many it framed.
     */
    public int paintMarks(GraphicsContext gc, LanesCanvas.LaneGeometry lanes, RunRecording recording) {
        if (model.selectedProperty().get() == null || recording == null || recording != model.shown()) {
            return 0;
        }
        CarrierLog[] logs = recording.carriers();
        gc.setStroke(markColour);
        gc.setLineWidth(2);
        int framed = 0;
        for (int lane = 0; lane < Math.min(logs.length, lanes.lanes()); lane++) {
            CarrierLog log = logs[lane];
            int size = log.size();
            for (int i = log.firstEndingAfter(lanes.t0()); i < size && log.start(i) < lanes.t(); i++) {
                if (model.marked(log, i)) {
                    double x0 = lanes.x(Math.max(log.start(i), lanes.t0()));
                    double x1 = lanes.x(Math.min(log.end(i), lanes.t()));
                    gc.strokeRect(x0, lane * lanes.laneStep() + 1, Math.max(2, x1 - x0), Math.max(2, lanes.laneHeight() - 2));
                    framed++;
                }
            }
        }
        return framed;
    }

    private static TableColumn<CauseReport.Site, String> column(String name, double width,
                                                               Function<CauseReport.Site, Object> value) {
        TableColumn<CauseReport.Site, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(String.valueOf(value.apply(d.getValue()))));
        c.setSortable(false);
        return c;
    }
}
