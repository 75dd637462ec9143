package loomscope.ui.compare;

import java.time.LocalDate;
import java.util.Locale;

import atlantafx.base.theme.Styles;
import javafx.animation.AnimationTimer;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import loomscope.runs.RunTarget;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.TimingCard;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.theme.AppTheme;
import loomscope.workload.WorkloadConfig;

/**
 * Two lane panels, the same workload on two JVMs, each with its clock; under them the two times as bars
 * and the ratio. One AnimationTimer drives both sides (they read their recordings once per frame).
 */
public final class CompareView extends BorderPane {
    private final CompareViewModel model;
    private final CompareSideView left;

    /** Both sides' lanes answer the time-view keys (+, -, 0, End...): the two ranges move together. */
    void installTimeKeys(javafx.scene.Scene scene) {
        left.recordingView().installTimeKeys(scene);
        right.recordingView().installTimeKeys(scene);
    }
    private final CompareSideView right;
    private final TimesChart chart = new TimesChart();
    private final AnimationTimer pulse;
    private final RunOnCatalog catalog;
    private boolean chartDirty = true;
    private final Button exportCard = new Button("Export card");
    private final Label exportNote = new Label();
    private CompareCard.Export cardExport;

    public CompareView(CompareViewModel model, RunOnCatalog catalog) {
        this.model = model;
        this.catalog = catalog;
        getStyleClass().add("compare-view");
        left = new CompareSideView("Left", model.left(), catalog);
        right = new CompareSideView("Right", model.right(), catalog);
        // before either side has run: the carriers the runs will get, idle (not an empty void)
        showIdleCarriers(model.configProperty().get());
        model.configProperty().addListener((o, was, now) -> showIdleCarriers(now));

        Button run = new Button("Run both");
        run.setId("compare-run");
        run.getStyleClass().addAll(Styles.SUCCESS, Styles.LARGE);
        run.setTooltip(new Tooltip("Run the main window's settings on both sides (Ctrl+R)"));
        run.setOnAction(e -> model.runBoth());
        Button stop = new Button("Stop");
        stop.setId("compare-stop");
        stop.getStyleClass().addAll(Styles.DANGER, Styles.LARGE);
        stop.setTooltip(new Tooltip("Stop both (Esc); a child JVM is killed if it does not stop within a second"));
        stop.setOnAction(e -> model.stop());
        run.disableProperty().bind(model.busyProperty());
        stop.disableProperty().bind(model.busyProperty().not());
        ChoiceBox<CompareViewModel.Order> order = new ChoiceBox<>();
        order.getItems().setAll(CompareViewModel.Order.values());
        order.valueProperty().bindBidirectional(model.orderProperty());
        order.disableProperty().bind(model.busyProperty());
        order.setTooltip(new Tooltip("One after the other: each run has the machine to itself. Together: they share the CPU."));
        Label workload = new Label();
        workload.getStyleClass().add(Styles.TEXT_BOLD);
        workload.textProperty().bind(Bindings.createStringBinding(() -> describe(model.configProperty().get()),
                model.configProperty()));
        Label message = new Label();
        message.setId("compare-message");
        message.textProperty().bind(model.messageProperty());
        exportCard.setId("compare-export");
        exportCard.setTooltip(new Tooltip("Save the timing card of both runs (times, bars, ratio) as PNGs and copy it"));
        exportCard.setOnAction(e -> exportCard());
        exportCard.setVisible(false);   // until an export controller is wired (the main window's stage)
        exportCard.managedProperty().bind(exportCard.visibleProperty());
        exportNote.setId("compare-export-note");
        exportNote.getStyleClass().add(Styles.TEXT_MUTED);
        HBox toolbar = new HBox(14, run, stop, order, exportCard, workload, message);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        Label warning = new Label();
        warning.setId("compare-warning");
        warning.getStyleClass().addAll(Styles.WARNING);
        warning.setWrapText(true);
        warning.textProperty().bind(model.warningProperty());
        warning.managedProperty().bind(warning.textProperty().isNotEmpty());
        Label found = new Label();
        found.getStyleClass().add(Styles.TEXT_MUTED);
        found.textProperty().bind(catalog.noteProperty());
        Tooltip skipped = new Tooltip();
        skipped.textProperty().bind(catalog.skippedProperty());
        found.setTooltip(skipped);
        exportNote.managedProperty().bind(exportNote.textProperty().isNotEmpty());
        VBox top = new VBox(6, toolbar, warning, found, exportNote);
        top.setStyle("-fx-padding: 10 14 6 14;");

        HBox sides = new HBox(10, left, right);
        HBox.setHgrow(left, Priority.ALWAYS);
        HBox.setHgrow(right, Priority.ALWAYS);
        left.setPrefWidth(900);
        right.setPrefWidth(900);

        Label chartTitle = new Label("Total execution time");
        chartTitle.getStyleClass().add("section-title");
        Label ratio = new Label();
        ratio.setId("compare-ratio");
        ratio.getStyleClass().addAll(Styles.TITLE_2);
        ratio.textProperty().bind(model.ratioProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox chartHeader = new HBox(12, chartTitle, spacer, ratio);
        chartHeader.setAlignment(Pos.CENTER_LEFT);
        chart.setId("compare-chart");
        VBox bottom = new VBox(4, chartHeader, chart);
        bottom.setStyle("-fx-padding: 6 14 12 14;");

        setTop(top);
        setCenter(sides);
        setBottom(bottom);

        model.left().summaryProperty().addListener((o, a, b) -> chartDirty = true);
        model.right().summaryProperty().addListener((o, a, b) -> chartDirty = true);
        AppTheme.currentProperty().addListener((o, a, b) -> chartDirty = true);
        // a card needs two completed runs: enabled when the comparison concluded with both times
        exportCard.disableProperty().bind(Bindings.createBooleanBinding(() -> model.isBusy() || model.ratioProperty().get().isEmpty(),
                model.busyProperty(), model.ratioProperty()));
        pulse = new AnimationTimer() {
            @Override
            public void handle(long now) {
                model.pulse();
                // both sides on one time scale: each fitted to its own run, a 0.8 s run would look as long as a 27 s one
                long span = Math.max(finishedSpan(left.recordingView()), finishedSpan(right.recordingView()));
                left.recordingView().lanes().setFitSpanAtLeast(span);
                right.recordingView().lanes().setFitSpanAtLeast(span);
                show(left.recordingView());
                show(right.recordingView());
                if (chartDirty) {
                    chartDirty = false;
                    chart.setPalette(left.recordingView().palette());
                    // only a completed run has a total time: a stopped or failed one gets no bar
                    chart.show(barLabel(model.left()), model.left().hasComparableTime() ? model.left().summaryProperty().get() : null,
                            barLabel(model.right()), model.right().hasComparableTime() ? model.right().summaryProperty().get() : null);
                }
            }
        };
        sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                installShortcuts(scene);
                pulse.start();
            } else {
                pulse.stop();
            }
        });
    }

    /**
     * A running recording is drawn live; a finished one as it was once everything settled: the clock stops when
     * the last task is done, but its carrier reports the unmount a few microseconds later, and the final frame
     * should not show that thread still on its carrier.
     */
    private static void show(RecordingView view) {
        RunRecording r = view.recording();
        if (r == null || !r.isFinished()) {
            view.showLive();
            return;
        }
        view.showAt(r.settledEnd());
    }

    /** A finished run's length from its start to its last unmount, 0 for none or one still going. */
    private static long finishedSpan(RecordingView view) {
        RunRecording r = view.recording();
        return r == null || !r.isFinished() ? 0 : r.settledEnd() - r.runStart();
    }

    /** Finds runtimes; picks JDK 21 (else the legacy-locking preset) for the left and this JVM for the right. */
    public void discoverAndPickDefaults() {
        catalog.discover(targets -> {
            RunTarget pinning = catalog.firstChild(c -> c.jdk().pinsOnSynchronized());
            if (pinning == null) {
                pinning = catalog.firstChild(c -> !c.jvmArgs().isEmpty());
            }
            if (pinning != null && !model.isBusy()) {
                model.left().targetProperty().set(pinning);
            }
            if (!model.isBusy()) {
                model.right().targetProperty().set(targets.get(0));
            }
        });
    }

    /** Lets "Export card" write through {@code export} (the stage's export folder, clipboard and toast). */
    public void setCardExport(CompareCard.Export export) {
        this.cardExport = export;
        exportCard.setVisible(export != null);
    }

    /** Exports the card of both runs; says why not when a side has no complete time. */
    public void exportCard() {
        TimingCard card = CompareCard.of(model, LocalDate.now());
        if (card == null) {
            exportNote.setText("No card yet: both sides need a completed run.");
        } else if (cardExport != null) {
            exportNote.setText("Writing the timing card ...");
            cardExport.export(card, exportNote::setText);
        }
    }

    private static String barLabel(CompareSideViewModel side) {
        RunSummary s = side.summaryProperty().get();
        if (s != null && !side.hasComparableTime()) {
            return "Java " + s.jdkVersion() + "  (" + side.statusProperty().get().replace(".", "").toLowerCase(Locale.ROOT) + ": no total time)";
        }
        RunTarget target = side.targetProperty().get();
        String where = target == null || target.jvmArgs().isEmpty() ? "" : " " + String.join(" ", target.jvmArgs());
        return s == null ? side.name() : "Java " + s.jdkVersion() + where
                + (s.pinnedMounts() > 0 ? String.format("  (%,d pinned mounts", s.pinnedMounts()) : "  (no pins")
                + (side.unsureMounts() > 0 ? String.format(Locale.ROOT, ", %,d unsure)", side.unsureMounts()) : ")");
    }

    private void showIdleCarriers(WorkloadConfig c) {
        int carriers = c == null ? 0 : c.parallelism();
        left.recordingView().setIdleCarriers(carriers);
        right.recordingView().setIdleCarriers(carriers);
    }

    private static String describe(WorkloadConfig c) {
        return c == null ? "" : String.format("%s, P=%d, N=%,d", c.workloadName(), c.parallelism(), c.threads());
    }

    private void installShortcuts(Scene scene) {
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN), model::runBoth);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), model::runBoth);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.ESCAPE), model::stop);
    }

    public CompareViewModel model() { return model; }

    public CompareSideView left() { return left; }

    public CompareSideView right() { return right; }

    public TimesChart chart() { return chart; }

    public void stopPulse() { pulse.stop(); }
}
