package loomscope.ui.where;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Pos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
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
    /** A row of the table, in px: one line of text at the theme's size and its padding. */
    static final double ROW_HEIGHT = 26;
    private final WhereViewModel model;
    private final TableView<CauseReport.Site> table = new TableView<>();
    private Color markColour = Color.WHITE;
    private final Label note = new Label();
    /** What {@link #setMinRows} was last given: 0, the content's own minimum, as the fields start. */
    private int minRows;

    public WhereView(WhereViewModel model) {
        this.model = model;
        getStyleClass().add("side-panel");
        setId("where");
        Label title = new Label("Where");
        title.getStyleClass().add("section-title");
        note.setId("where-note");
        note.setWrapText(true);
        note.textProperty().bind(model.noteProperty());
        table.setId("where-table");
        // sorted by any column the user clicks; the model's order (most carrier time first) until then
        SortedList<CauseReport.Site> sorted = new SortedList<>(model.shownSites());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("Nothing held its carrier, or the run is not over yet"));
        table.getColumns().addAll(List.of(
                column("Site (first frame outside the JDK)", 230, CauseReport.Site::frame, String::compareTo),
                column("Cause", 70, CauseReport.Site::kind, String::compareTo),
                column("Count", 60, s -> String.format(Locale.ROOT, "%,d", s.count()), byNumber()),
                column("Held", 80, s -> String.format(Locale.ROOT, "%,.1f ms", s.heldMillis()), byNumber()),
                column("Longest", 80, s -> String.format(Locale.ROOT, "%.1f ms", s.longestMillis()), byNumber()),
                column("Reasons", 200, WhereViewModel::reasons, String::compareTo)));
        table.setPrefHeight(140);
        ChoiceBox<String> cause = new ChoiceBox<>(FXCollections.observableArrayList(WhereViewModel.CAUSE_FILTERS));
        cause.setId("where-cause");
        cause.valueProperty().bindBidirectional(model.causeFilterProperty());
        cause.setTooltip(new Tooltip("Show the sites of one cause"));
        Button previous = new Button("\u25C0 Previous");
        previous.setId("where-previous");
        previous.setTooltip(new Tooltip("The selected site's previous mount, with the inspector on it"));
        previous.setOnAction(e -> model.previous());
        Button next = new Button("Next \u25B6");
        next.setId("where-next");
        next.setTooltip(new Tooltip("The selected site's next mount, with the inspector on it"));
        next.setOnAction(e -> model.next());
        previous.disableProperty().bind(model.selectedProperty().isNull());
        next.disableProperty().bind(model.selectedProperty().isNull());
        Label step = new Label();
        step.setId("where-step");
        step.textProperty().bind(model.stepTextProperty());
        step.setMinWidth(0);
        // the title shares its line with the tools: in a pane of its own under the lanes every row of height counts
        // the title and the buttons keep their words; the step's text gives way first
        for (javafx.scene.layout.Region keeps : List.of(title, cause, previous, next)) {
            keeps.setMinWidth(USE_PREF_SIZE);
        }
        HBox tools = new HBox(8, title, cause, previous, next, step);
        tools.setAlignment(Pos.CENTER_LEFT);
        // rows as high as their text needs: 8 of them under the lanes at 1280x720 (issue #45)
        table.setFixedCellSize(ROW_HEIGHT);
        table.getSelectionModel().selectedItemProperty().addListener((o, was, site) -> model.selectedProperty().set(site));
        model.selectedProperty().addListener((o, was, site) -> {
            if (site == null) {
                table.getSelectionModel().clearSelection();
            } else if (table.getSelectionModel().getSelectedItem() != site) {
                table.getSelectionModel().select(site);
            }
        });
        Tooltip aboutSites = new Tooltip();
        aboutSites.textProperty().bind(model.noteProperty());
        title.setTooltip(aboutSites);
        getChildren().addAll(tools, note, table);
        VBox.setVgrow(table, Priority.ALWAYS);
    }

    public TableView<CauseReport.Site> table() { return table; }

    /**
     * Shows the note line, or leaves its height to the rows (in a pane of its own under the lanes, where the application's
     * facts count the sites); the note stays the title's tooltip.
     */
    public void setNoteShown(boolean shown) {
        note.setVisible(shown);
        note.setManaged(shown);
    }

    /**
     * Keeps room for at least {@code rows} rows (0: what its content asks), so that a pane it shares cannot squeeze it
     * below them: the rows, the column header and the tools' line.
     */
    public void setMinRows(int rows) {
        // called on every pulse: Region's size setters ask the parent for a layout pass even when the value is the same,
        // and an idle window laid the side panel out again on every frame (its CPU: docs/performance.md, "The window")
        if (rows == minRows) {
            return;
        }
        minRows = rows;
        double table = rows <= 0 ? USE_COMPUTED_SIZE : rows * ROW_HEIGHT + HEADER_ROOM;
        this.table.setMinHeight(table);
        setMinHeight(rows <= 0 ? USE_COMPUTED_SIZE : table + TOOLS_ROOM);
    }

    /** The column header's height and the tools' line with the spacing, in px (measured at the theme's text size). */
    static final double HEADER_ROOM = 36;
    static final double TOOLS_ROOM = 48;

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
                                                               Function<CauseReport.Site, Object> value,
                                                               Comparator<String> order) {
        TableColumn<CauseReport.Site, String> c = new TableColumn<>(name);
        c.setPrefWidth(width);
        c.setCellValueFactory(d -> new ReadOnlyObjectWrapper<>(String.valueOf(value.apply(d.getValue()))));
        c.setComparator(order);
        return c;
    }

    /** "1,234.5 ms" and "57" by their numbers, not their text. */
    static Comparator<String> byNumber() {
        return Comparator.comparingDouble(WhereView::number);
    }

    static double number(String text) {
        String digits = text.replaceAll("[^0-9.]", "");
        try {
            return digits.isEmpty() ? 0 : Double.parseDouble(digits);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
