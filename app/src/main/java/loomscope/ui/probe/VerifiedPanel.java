package loomscope.ui.probe;

import java.util.List;
import java.util.Locale;

import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import loomscope.probe.InProcessSnapshotter;

/**
 * "Verified by the JDK": how far the JDK's own voices agree with the lanes — snapshot agreement, JFR's pinned
 * events matched or not, and JFR's delivery lag stated plainly — with the snapshot rate and the exports.
 */
final class VerifiedPanel extends VBox {
    static final String OFF = "off";

    private final ComboBox<String> rate = new ComboBox<>();
    private final Button saveJfr = new Button("Save .jfr");
    private final Button exportDump = new Button("Thread dump");
    private final Label status = new Label();

    VerifiedPanel(ProbeViewModel probes) {
        getStyleClass().add("side-panel");
        setSpacing(6);
        Label title = new Label("Verified by the JDK");
        title.getStyleClass().add("section-title");
        Label snapshots = wrapped("verified-snapshots");
        snapshots.textProperty().bind(probes.snapshotTextProperty());
        Label jfr = wrapped("verified-jfr");
        jfr.textProperty().bind(probes.jfrTextProperty());
        Label lag = wrapped("verified-lag");
        lag.textProperty().bind(probes.lagTextProperty());
        lag.getStyleClass().add("text-muted");
        Label legend = wrapped("verified-legend");
        legend.setText("The band along the top of a lane: JFR's jdk.VirtualThreadPinned events, placed by their carrier, "
                + "start and duration. Band over red: a pin both the recording and JFR report.");
        legend.getStyleClass().add("text-muted");

        for (double hz : InProcessSnapshotter.OFFERED_RATES_HZ) {
            rate.getItems().add(label(hz));
        }
        rate.getItems().add(OFF);
        rate.setId("snapshot-rate");
        rate.setValue(label(probes.snapshotRate()));
        rate.valueProperty().addListener((o, was, now) -> probes.setSnapshotRate(parse(now)));
        Label rateLabel = new Label("Snapshots");
        rateLabel.setLabelFor(rate);
        saveJfr.setId("save-jfr");
        saveJfr.setTooltip(new Tooltip("Save this run's JFR recording (Ctrl+Shift+J)"));
        exportDump.setTooltip(new Tooltip("Export HotSpot's JSON thread dump, jcmd's format (Ctrl+Shift+D)"));
        exportDump.setId("export-thread-dump");
        status.setId("probe-status");
        status.setWrapText(true);
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox controls = new HBox(8, rateLabel, rate, gap, saveJfr, exportDump);
        controls.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(List.of(title, snapshots, jfr, lag, legend, controls, status));
    }

    private static Label wrapped(String id) {
        Label l = new Label();
        l.setId(id);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    static String label(double hz) {
        return hz <= 0 ? OFF : (hz == Math.rint(hz) ? String.format(Locale.ROOT, "%.0f/s", hz) : String.format(Locale.ROOT, "%.1f/s", hz));
    }

    static double parse(String label) {
        return label == null || OFF.equals(label) ? 0 : Double.parseDouble(label.substring(0, label.length() - 2));
    }

    ComboBox<String> rate() { return rate; }

    Button saveJfr() { return saveJfr; }

    Button exportDump() { return exportDump; }

    Label status() { return status; }
}
