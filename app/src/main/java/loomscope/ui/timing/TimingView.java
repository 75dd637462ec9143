package loomscope.ui.timing;

import java.util.Locale;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.HistoryEntry;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunState;
import loomscope.ui.widgets.LayoutBarrier;

/**
 * Wall clock, throughput, the two bounds with where this run lands, and at the end the seeds' line
 * "Total execution time: X seconds". Refreshed from the pulse, a few times a second (text changes only).
 */
public final class TimingView extends VBox {
    private static final long REFRESH_NANOS = 100_000_000L;

    private final MainViewModel model;
    private final Label wall = figure("wall-clock");
    private final Label throughput = figure("throughput");
    private final Label unpinned = figure("bound-unpinned");
    private final Label pinned = figure("bound-pinned");
    private final Label verdict = new Label();
    private final Label total = new Label();
    /** Under the total when the window lowered the run's carriers: that time is not the CLI's. */
    private final Label lowered = new Label(HistoryEntry.LOWERED_NOTE);
    private final BoundsGauge gauge = new BoundsGauge();
    private long lastRefresh;
    private RunRecording boundsFor;
    private Bounds bounds;

    public TimingView(MainViewModel model) {
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
        lowered.setVisible(false);
        getChildren().addAll(title, grid, gauge, scale, new LayoutBarrier(verdict, 400, 52).growable(), total, lowered);
    }

    /** Called every pulse; does real work only a few times a second, and at the end of a run. */
    public void refresh(long pulseNanos) {
        RunRecording r = model.recordingProperty().get();
        boolean finished = model.state() == RunState.FINISHED;
        if (pulseNanos - lastRefresh < REFRESH_NANOS && !(finished && boundsFor != r)) {
            return;
        }
        lastRefresh = pulseNanos;
        double seconds = model.elapsedSecondsProperty().get();
        wall.setText(String.format(Locale.ROOT, "%.3f s", seconds));
        int done = model.completedProperty().get();
        throughput.setText(seconds > 0 ? String.format(Locale.ROOT, "%,.0f tasks/s", done / seconds) : "-");
        if (r == null) {
            return;
        }
        RunSummary summary = finished ? model.lastSummaryProperty().get() : null;
        if (summary != null) {
            bounds = Bounds.of(summary);
            boundsFor = r;
        } else if (r.threads() <= 200_000) {
            bounds = Bounds.measured(r);
            boundsFor = null;
        }
        if (!r.config().shape().boundsApply()) {
            // the bounds are the seed task's (N x CPU / P, N x (sleep + CPU) / P): another task has none to claim
            bounds = null;
        }
        showBounds(seconds);
        if (bounds == null && summary != null && !summary.cancelled()) {
            verdict.setText("No bounds: " + r.config().scenario().name() + " is not the seed's task (CPU work, then a block).");
        }
        if (summary != null && summary.cancelled()) {
            // a stopped run is not the seeds' experiment: no total in their words, no ratio to a bound
            gauge.setPosition(Double.NaN);
            verdict.setText("Stopped: no ratio to the bounds is claimed for a run that did not finish.");
            total.setText(stoppedText(summary));
            lowered.setVisible(false);
        } else if (summary != null) {
            boolean carriersLowered = lastRunLowered(r);
            total.setText(String.format(Locale.ROOT, "Total execution time: %.3f seconds%s", summary.wallMillis() / 1000,
                    HistoryEntry.loweredSuffix(carriersLowered)));
            lowered.setVisible(carriersLowered);
        } else {
            total.setText("");
            lowered.setVisible(false);
        }
    }

    private void showBounds(double seconds) {
        if (bounds == null) {
            unpinned.setText("-");
            pinned.setText("-");
            gauge.setPosition(Double.NaN);
            verdict.setText("");
            return;
        }
        unpinned.setText(String.format(Locale.ROOT, "%.3f s", bounds.unpinnedSeconds()));
        pinned.setText(String.format(Locale.ROOT, "%.3f s", bounds.pinnedSeconds()));
        gauge.setPosition(bounds.position(seconds));
        verdict.setText(String.format(Locale.ROOT, "%.2fx the unpinned bound, %.2fx the pinned bound (CPU %.3f ms per task)",
                seconds / bounds.unpinnedSeconds(), seconds / bounds.pinnedSeconds(), bounds.cpuMillisPerTask()));
    }

    /** "Stopped after 4.029 s: 629 of 5,000 tasks completed." */
    public static String stoppedText(RunSummary s) {
        return String.format(Locale.ROOT, "Stopped after %.3f s: %,d of %,d tasks completed.", s.wallMillis() / 1000,
                s.completed(), s.threads());
    }

    public String totalText() { return total.getText(); }

    public String verdictText() { return verdict.getText(); }

    /** The note under the total, or empty when the run's carriers kept their priority. */
    public String loweredText() { return lowered.isVisible() ? lowered.getText() : ""; }

    private boolean lastRunLowered(RunRecording r) {
        var history = model.history();
        return !history.isEmpty() && history.get(history.size() - 1).summary() == model.lastSummaryProperty().get()
                && history.get(history.size() - 1).carriersLowered();
    }

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
