package loomscope.ui.compare;

import java.io.File;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;
import loomscope.runs.RunTarget;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.recordingview.RecordingView;

/**
 * One side of the compare view: the "Run on" choice, the side's own clock and status, and the same
 * carrier lanes and thread field as the main window, fed by this side's recording (in this JVM or rebuilt
 * live from a child's stream — drawn alike).
 */
public final class CompareSideView extends VBox {
    private final CompareSideViewModel model;
    private final RecordingView recordingView = new RecordingView();
    private final ComboBox<RunTarget> runOn = new ComboBox<>();
    private final Button addJdk = new Button("Add JDK…");
    private final Label clock = new Label("0.000 s");

    public CompareSideView(String title, CompareSideViewModel model, RunOnCatalog catalog) {
        this.model = model;
        getStyleClass().add("compare-side");
        setSpacing(6);
        setStyle("-fx-padding: 6 8 6 8;");
        Label name = new Label(title);
        name.getStyleClass().addAll(Styles.TITLE_3);
        runOn.setId(model.name() + "-run-on");
        runOn.setItems(catalog.targets());
        runOn.setConverter(new StringConverter<>() {
            @Override public String toString(RunTarget t) { return t == null ? "" : t.label(); }

            @Override public RunTarget fromString(String s) { return null; }
        });
        runOn.setMaxWidth(Double.MAX_VALUE);
        runOn.setTooltip(new Tooltip("Where this side runs: this JVM, another Java runtime in a child JVM, "
                + "or a runtime with legacy locking (synchronized pins again)"));
        HBox.setHgrow(runOn, Priority.ALWAYS);
        runOn.valueProperty().bindBidirectional(model.targetProperty());
        addJdk.setTooltip(new Tooltip("Add a Java runtime folder (JDK or JRE 21+); it is remembered"));
        addJdk.setOnAction(e -> chooseFolder(catalog));
        runOn.disableProperty().bind(model.stateProperty().map(s -> s.isActive()));
        addJdk.disableProperty().bind(runOn.disableProperty());
        Label runOnLabel = new Label("Run on");
        // the side's name, "Run on" and the button keep their words; the long runtime path is what gets cut
        name.setMinWidth(Region.USE_PREF_SIZE);
        runOnLabel.setMinWidth(Region.USE_PREF_SIZE);
        addJdk.setMinWidth(Region.USE_PREF_SIZE);
        runOn.setMinWidth(120);
        runOn.setPrefWidth(200);
        Button open = new Button("Open run…");
        open.setId(model.name() + "-open-run");
        open.setTooltip(new Tooltip("Show a saved run (.loomrun) on this side, to compare it with a live one or another saved one"));
        open.setMinWidth(Region.USE_PREF_SIZE);
        open.disableProperty().bind(runOn.disableProperty());
        open.setOnAction(e -> chooseRun());
        HBox header = new HBox(10, name, runOnLabel, runOn, addJdk, open);
        header.setAlignment(Pos.CENTER_LEFT);

        clock.setId(model.name() + "-clock");
        clock.getStyleClass().add("clock");
        clock.textProperty().bind(model.elapsedSecondsProperty().asString("%.3f s"));
        Label status = new Label();
        status.textProperty().bind(model.statusProperty());
        HBox clockRow = new HBox(16, clock, status);
        clockRow.setAlignment(Pos.CENTER_LEFT);

        Label error = new Label();
        error.setId(model.name() + "-error");
        error.getStyleClass().addAll("status-message", "error");
        error.setWrapText(true);
        error.setMinHeight(Region.USE_PREF_SIZE);
        error.textProperty().bind(model.errorProperty());
        error.managedProperty().bind(error.textProperty().isNotEmpty());

        VBox.setVgrow(recordingView, Priority.ALWAYS);
        getChildren().addAll(header, clockRow, recordingView, error);
        model.recordingProperty().addListener((o, was, now) -> recordingView.setRecording(now));
    }

    private void chooseRun() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("A saved run for the " + model.name() + " side");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("LoomScope runs (*.loomrun)", "*.loomrun"));
        File file = chooser.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (file != null) {
            model.open(file.toPath());
        }
    }

    private void chooseFolder(RunOnCatalog catalog) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("A Java runtime folder (the one holding bin/java)");
        File folder = chooser.showDialog(getScene() == null ? null : getScene().getWindow());
        if (folder != null) {
            catalog.add(folder.toPath(), target -> {
                if (target != null) {
                    model.targetProperty().set(target);
                }
            });
        }
    }

    public RecordingView recordingView() { return recordingView; }

    public ComboBox<RunTarget> runOnChoice() { return runOn; }
}
