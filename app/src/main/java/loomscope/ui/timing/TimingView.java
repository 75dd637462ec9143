package loomscope.ui.timing;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import loomscope.report.HistoryEntry;
import loomscope.ui.widgets.LayoutBarrier;

/**
 * Wall clock, throughput, the two bounds with where this run lands, and at the end the seeds' line
 * "Total execution time: X seconds", as its model ({@link TimingViewModel}) words them; the pulse refreshes the model.
 */
public final class TimingView extends VBox {
    private final TimingViewModel model;
    private final Label wall = figure("wall-clock");
    private final Label throughput = figure("throughput");
    private final Label unpinned = figure("bound-unpinned");
    private final Label pinned = figure("bound-pinned");
    private final Label verdict = new Label();
    private final Label total = new Label();
    /** Under the total when the window lowered the run's carriers: that time is not the CLI's. */
    private final Label lowered = new Label(HistoryEntry.LOWERED_NOTE);
    private final BoundsGauge gauge = new BoundsGauge();

    public TimingView(TimingViewModel model) {
        this.model = model;
        getStyleClass().add("side-panel");
        Label title = new Label("Timing");
        title.getStyleClass().add("section-title");
        GridPane grid = new GridPane(14, 4);
        grid.addRow(0, new Label("Wall clock"), fixed(wall));
        grid.addRow(1, new Label("Throughput"), fixed(throughput));
        grid.addRow(2, new Label("Unpinned bound"), fixed(unpinned));
        grid.addRow(3, new Label("Pinned bound"), fixed(pinned));
        Label left = new Label("unpinned");
        Label right = new Label("pinned");
        BorderPane scale = new BorderPane(null, null, right, null, left);
        verdict.setWrapText(true);
        total.setId("total-time");
        total.getStyleClass().add("total-time");
        total.setWrapText(true);
        total.setMinHeight(Region.USE_PREF_SIZE);
        total.setAlignment(Pos.CENTER_LEFT);
        gauge.setId("bounds-gauge");
        verdict.setMinHeight(0);
        lowered.setId("total-lowered");
        lowered.setWrapText(true);
        lowered.setMinHeight(Region.USE_PREF_SIZE);
        lowered.managedProperty().bind(lowered.visibleProperty());
        wall.textProperty().bind(model.wallProperty());
        throughput.textProperty().bind(model.throughputProperty());
        unpinned.textProperty().bind(model.unpinnedProperty());
        pinned.textProperty().bind(model.pinnedProperty());
        verdict.textProperty().bind(model.verdictProperty());
        total.textProperty().bind(model.totalProperty());
        lowered.visibleProperty().bind(model.loweredProperty());
        model.gaugePositionProperty().addListener((o, was, now) -> gauge.setPosition(now.doubleValue()));
        getChildren().addAll(title, grid, gauge, scale, new LayoutBarrier(verdict, 400, 52).growable(), total, lowered);
    }

    /** Called every pulse: the model does real work only a few times a second, and at the end of a run. */
    public void refresh(long pulseNanos) {
        model.refresh(pulseNanos);
    }

    public String totalText() { return total.getText(); }

    public String verdictText() { return verdict.getText(); }

    /** The note under the total, or empty when the run's carriers kept their priority. */
    public String loweredText() { return lowered.isVisible() ? lowered.getText() : ""; }

    public BoundsGauge gauge() { return gauge; }

    private static LayoutBarrier fixed(Label label) {
        return new LayoutBarrier(label, 190, 30);
    }

    private static Label figure(String id) {
        Label l = new Label("-");
        l.setId(id);
        l.getStyleClass().add("timing-figure");
        return l;
    }
}
