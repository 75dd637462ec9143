package loomscope.ui.controls;

import java.util.ArrayList;
import java.util.List;

import atlantafx.base.theme.Styles;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.widgets.LayoutBarrier;
import loomscope.workload.WorkloadConfig;

/**
 * The settings of the next run, Run / Stop, progress and clock. Binds to the view model, nothing else. The
 * scenario chooser comes first, with the chosen scenario's choices (the seed's lock mode: a slider) on its row; a
 * scenario without one shows what it is for in their place; the other parameters stand under N
 * ({@link ScenarioParamsGrid} draws them all).
 */
public final class ControlsView extends VBox {
    private final Slider parallelismSlider = new Slider(1, WorkloadConfig.MAX_PARALLELISM, 1);
    private final Label parallelismValue = new Label();
    private final ScenarioChooser scenarioChooser;
    private final ScenarioParamsGrid fields;
    private final Button runButton = new Button("Run");
    private final Button stopButton = new Button("Stop");
    private final ProgressBar progressBar = new ProgressBar(0);
    private final Label progressText = new Label();
    private final Label clock = new Label("0.000 s");
    private final Label inputError = new Label();
    private final Label nextRunNote = new Label();
    private final ComboBox<AppTheme> themeChoice = new ComboBox<>();
    private final ToggleButton debugToggle = new ToggleButton("Frame stats");
    private final HBox tools;
    private final FlowPane settings;
    /** P as a spinner (and the choices as lists): the compact row of a 1280×720 or 1366×768 projector. */
    private final Spinner<Integer> parallelismSpinner = new Spinner<>(1, WorkloadConfig.MAX_PARALLELISM, 1);
    private final BooleanProperty compact = new SimpleBooleanProperty(this, "compact");
    private final LayoutBarrier progressBox;
    private final LayoutBarrier progressTextBox;
    private final LayoutBarrier clockBox;
    /** Settings other features add ("Run on"): in the compact layout they stand in the Run row, beside the clock. */
    private final List<Node> addedSettings = new ArrayList<>();
    private HBox runRow;

    /** Window heights under this get the compact controls: 1366×768 and 1280×720 projectors. */
    public static final double COMPACT_BELOW_HEIGHT = 820;

    public ControlsView(ControlsViewModel model) {
        getStyleClass().add("controls-bar");
        setSpacing(6);
        buildParallelismSlider(model);
        scenarioChooser = new ScenarioChooser(model);
        fields = new ScenarioParamsGrid(model);

        runButton.setId("run-button");
        runButton.getStyleClass().addAll(Styles.SUCCESS, Styles.LARGE);
        runButton.setDefaultButton(false);
        runButton.setOnAction(e -> model.run());
        runButton.setTooltip(new Tooltip("Start a run with these settings (Ctrl+R or Space)"));
        stopButton.setId("stop-button");
        stopButton.getStyleClass().addAll(Styles.DANGER, Styles.LARGE);
        stopButton.setOnAction(e -> model.stop());
        stopButton.setTooltip(new Tooltip("Stop the run now (Esc)"));
        runButton.disableProperty().bind(model.runDisabledProperty());
        stopButton.disableProperty().bind(model.activeProperty().not());

        progressBar.setId("progress");
        progressBar.setPrefWidth(240);
        progressBar.progressProperty().bind(model.progressProperty());
        progressText.textProperty().bind(model.progressTextProperty());
        clock.setId("clock");
        clock.getStyleClass().add("clock");
        clock.textProperty().bind(model.clockTextProperty());

        inputError.setId("input-error");
        inputError.getStyleClass().add("field-error");
        inputError.textProperty().bind(model.inputErrorProperty());
        inputError.managedProperty().bind(inputError.textProperty().isNotEmpty());
        nextRunNote.setId("next-run-note");
        nextRunNote.getStyleClass().add("next-run-note");
        nextRunNote.textProperty().bind(model.nextRunNoteProperty());

        themeChoice.getItems().setAll(AppTheme.values());
        themeChoice.setValue(AppTheme.current());
        themeChoice.setTooltip(new Tooltip("Theme (Ctrl+T cycles)"));
        AppTheme.currentProperty().addListener((o, a, b) -> themeChoice.setValue(b));
        themeChoice.setOnAction(e -> {
            AppTheme chosen = themeChoice.getValue();
            if (chosen != null && chosen != AppTheme.current() && getScene() != null) {
                chosen.applyTo(getScene());
            }
        });
        debugToggle.setId("debug-toggle");
        debugToggle.setTooltip(new Tooltip(
                "Frame-time overlay: p95 frame time, max pulse gap, the FX thread's wait for a CPU (F12)"));

        // no title row of its own: "Lock mode" stands on the scenario's row (14 px more than before, not a row more)
        buildParallelismSpinner(model);
        scenarioChooser.getChildren().add(fields.choiceHeads());
        Node choiceArea = fields.choiceArea();
        choiceArea.visibleProperty().bind(fields.hasChoicesProperty().and(compact.not()));
        choiceArea.managedProperty().bind(choiceArea.visibleProperty());
        // a scenario with no choice says what it shows in their place
        Label shows = scenarioChooser.shows();
        shows.visibleProperty().bind(fields.hasChoicesProperty().not());
        shows.managedProperty().bind(shows.visibleProperty());
        // the scenario row sits on the choices' box: at 1280 px the first row of settings still fits
        VBox scenarioBox = new VBox(6, scenarioChooser, choiceArea, shows);
        VBox sliderBox = labelled("Carriers (parallelism)", parallelismSlider, parallelismValue);
        VBox spinnerBox = labelled("Carriers P", parallelismSpinner);
        sliderBox.visibleProperty().bind(compact.not());
        sliderBox.managedProperty().bind(sliderBox.visibleProperty());
        spinnerBox.visibleProperty().bind(compact);
        spinnerBox.managedProperty().bind(spinnerBox.visibleProperty());
        settings = new FlowPane(24, 8, scenarioBox, sliderBox, spinnerBox, fields);
        settings.setAlignment(Pos.CENTER_LEFT);
        progressBox = new LayoutBarrier(progressBar, 240, 22);
        progressTextBox = new LayoutBarrier(progressText, 190, 30);
        clockBox = new LayoutBarrier(clock, 170, 40);
        HBox run = new HBox(14, runButton, stopButton, progressBox, progressTextBox, clockBox, nextRunNote);
        run.setAlignment(Pos.CENTER_LEFT);
        run.setMinWidth(Region.USE_PREF_SIZE);
        runRow = run;
        runButton.setMinWidth(Region.USE_PREF_SIZE);
        stopButton.setMinWidth(Region.USE_PREF_SIZE);
        tools = new HBox(8, themeChoice, debugToggle);
        tools.setAlignment(Pos.CENTER_RIGHT);
        tools.setMinWidth(Region.USE_PREF_SIZE);
        // Run/Stop and the clock never shrink; when other features' tools do not fit beside them, the tools
        // wrap to a second row instead of squeezing every button to "..."
        FlowPane actions = new FlowPane(14, 8, run, tools);
        actions.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(settings, inputError, actions);
        // a projector gets long sliders; at 1280 px everything still fits in two rows
        widthProperty().addListener((o, a, w) -> fitSliders(w.doubleValue()));
        fitSliders(1920);
        compact.addListener((o, a, b) -> compactActions(b));
        // the window's height decides: a short projector gets one row of settings and one of actions
        sceneProperty().addListener((o, a, scene) -> {
            compact.unbind();
            // the root's height, which is the window's (and a test's laid-out size without a shown stage)
            if (scene != null && scene.getRoot() instanceof Region root) {
                compact.bind(root.heightProperty().greaterThan(0).and(root.heightProperty().lessThan(COMPACT_BELOW_HEIGHT)));
            }
        });
    }

    private void buildParallelismSpinner(ControlsViewModel model) {
        parallelismSpinner.setId("parallelism-spinner");
        parallelismSpinner.setPrefWidth(110);
        parallelismSpinner.setTooltip(new Tooltip("Carrier threads of the run's own scheduler (1 = the seeds' setting)"));
        parallelismSpinner.getValueFactory().setValue(model.parallelismProperty().get());
        parallelismSpinner.valueProperty().addListener((o, a, b) -> {
            if (b != null && model.parallelismProperty().get() != b) {
                model.parallelismProperty().set(b);
            }
        });
        model.parallelismProperty().addListener((o, a, b) -> {
            if (!b.equals(parallelismSpinner.getValue())) {
                parallelismSpinner.getValueFactory().setValue(b.intValue());
            }
        });
    }

    /** Compact: narrower progress and clock, and the theme and frame-stats tools left to their keys (Ctrl+T, F12). */
    private void compactActions(boolean on) {
        progressBox.setPrefWidth(on ? 140 : 240);
        progressTextBox.setPrefWidth(on ? 130 : 190);
        clockBox.setPrefWidth(on ? 140 : 170);
        for (Node tool : new Node[] {themeChoice, debugToggle}) {
            tool.setVisible(!on);
            tool.setManaged(!on);
        }
        fields.setInOneRow(on);
        for (Node setting : addedSettings) {
            (on ? settings : runRow).getChildren().remove(setting);
            (on ? runRow : settings).getChildren().add(setting);
        }
    }

    /** Whether the compact controls are on (the window is under {@link #COMPACT_BELOW_HEIGHT} high). */
    public ReadOnlyBooleanProperty compactProperty() { return compact; }

    private void buildParallelismSlider(ControlsViewModel model) {
        parallelismSlider.setId("parallelism-slider");
        // ticks 1, 10, 19, ... 64: seven steps of nine land exactly on 64; minor ticks make every integer a stop
        parallelismSlider.setMajorTickUnit(9);
        parallelismSlider.setMinorTickCount(8);
        parallelismSlider.setBlockIncrement(1);
        parallelismSlider.setSnapToTicks(true);
        parallelismSlider.setShowTickLabels(true);
        parallelismSlider.setShowTickMarks(true);
        parallelismSlider.setTooltip(new Tooltip("Carrier threads of the run's own scheduler (1 = the seeds' setting)"));
        parallelismSlider.setValue(model.parallelismProperty().get());
        parallelismSlider.valueProperty().addListener((o, a, b) -> model.parallelismProperty().set((int) Math.round(b.doubleValue())));
        model.parallelismProperty().addListener((o, a, b) -> {
            if ((int) Math.round(parallelismSlider.getValue()) != b.intValue()) {
                parallelismSlider.setValue(b.intValue());
            }
        });
        parallelismValue.getStyleClass().add("timing-figure");
        parallelismValue.textProperty().bind(model.parallelismProperty().asString("P = %d"));
    }

    private void fitSliders(double width) {
        boolean wide = width >= 1700;
        // under 1,700 px the two lines of a choice's note would push the window past 720 px high: the tooltip keeps them
        fields.fitChoices(wide);
        scenarioChooser.shows().setMaxWidth(wide ? 720 : 560);
        scenarioChooser.shows().setPrefWidth(wide ? 720 : 560);
        parallelismSlider.setPrefWidth(wide ? 360 : 280);
    }

    private static VBox labelled(String title, Node... content) {
        Label l = new Label(title);
        l.getStyleClass().add(Styles.TEXT_BOLD);
        VBox box = new VBox(4, l);
        box.getChildren().addAll(content);
        return box;
    }

    /** Adds a setting of the next run after the built-in ones (the "Run on" choice). */
    public void addSetting(Node setting) {
        addedSettings.add(setting);
        (compact.get() ? runRow : settings).getChildren().add(setting);
    }

    /** Hook for other features' buttons (the stage's export and presentation): placed before the theme choice. */
    public void addTools(Node... nodes) {
        tools.getChildren().addAll(0, List.of(nodes));
    }

    /** The slider of the chosen scenario's choice {@code param} (the seed's "lock"), or null. */
    public Slider choiceSlider(String param) { return fields.choiceSlider(param); }

    public Slider parallelismSlider() { return parallelismSlider; }

    public ScenarioChooser scenarioChooser() { return scenarioChooser; }

    public ToggleButton debugToggle() { return debugToggle; }

    /** For tests and layout checks: whether the state allows Run. */
    public boolean canRun() { return !runButton.isDisabled(); }
}
