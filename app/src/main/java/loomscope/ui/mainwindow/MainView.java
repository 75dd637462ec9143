package loomscope.ui.mainwindow;

import java.util.EnumMap;
import java.util.Map;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import loomscope.scenario.Scenarios;
import loomscope.ui.keys.KeyBinding;
import loomscope.ui.keys.KeyMap;
import loomscope.ui.code.CodePane;
import loomscope.ui.code.CodeViewModel;
import loomscope.ui.controls.ControlsBar;
import loomscope.ui.debug.DebugOverlay;
import loomscope.ui.debug.FrameStats;
import loomscope.ui.history.HistoryPanel;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.replay.ReplayBar;
import loomscope.ui.run.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunStarters;
import loomscope.ui.run.RunState;
import loomscope.ui.savedruns.SavedRunsControls;
import loomscope.ui.savedruns.SavedRunsModel;
import loomscope.ui.sweep.SweepPlan;
import loomscope.ui.sweep.SweepViewModel;
import loomscope.ui.sweep.SweepWindow;
import loomscope.childjvm.RunTargets;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.timing.TimingPanel;
import loomscope.ui.yourcode.SnippetsModel;
import loomscope.ui.yourcode.YourCodePane;
import loomscope.ui.yourcode.YourCodeViewModel;

/**
 * The main window's content: controls on top, carrier lanes and thread field in the middle, timing and
 * history on the right, replay and status at the bottom. Each region is its own class bound to the
 * {@link MainViewModel}; this class only composes them and owns the pulse loop and shortcuts.
 */
public final class MainView extends BorderPane {
    private final MainViewModel model;
    /** Whether each finished run prints its console line (RunLog); not for the hidden warm-up copy. */
    private boolean logsRuns = true;
    private final ControlsBar controls;
    private final RecordingView recordingView = new RecordingView();
    private final TimingPanel timing;
    private final HistoryPanel history;
    private final ReplayBar replayBar;
    private final FrameStats frameStats = new FrameStats();
    private final DebugOverlay overlay = new DebugOverlay(frameStats);
    private final VBox sidePanel;
    private final CodeViewModel code;
    private final ScrollPane sideScroll;
    private final CodePane codePane;
    /** Your code, editable: in the code pane's place while "your code" is the chosen scenario. */
    private final YourCodePane yourCodePane;
    private final StackPane codeSlot = new StackPane();
    private final javafx.beans.property.ObjectProperty<loomscope.scenario.Scenario> shownScenario =
            new javafx.beans.property.SimpleObjectProperty<>();
    private final javafx.beans.property.ObjectProperty<loomscope.workload.LockMode> shownLock =
            new javafx.beans.property.SimpleObjectProperty<>();
    private final PulseLoop pulse;
    private final List<LongConsumer> pulseHooks = new ArrayList<>();
    private final loomscope.ui.run.RunOnCatalog runOn;
    private final loomscope.ui.controls.RunOnChooser runOnChooser;
    private loomscope.ui.compare.CompareCard.Export cardExport;
    private final SavedRunsModel savedRuns;
    private final SavedRunsControls savedRunsControls;
    private SweepWindow sweepWindow;
    static final String KEYS = KeyBinding.hint();
    private static final double CODE_HEIGHT = 400;
    private static final double CODE_MIN_HEIGHT = 280;
    private static final double YOUR_CODE_HEIGHT = 520;

    public MainView(MainViewModel model) {
        this(model, new loomscope.ui.run.RunOnCatalog());
    }

    /** @param runOn the "Run on" choices; nothing is discovered until {@link #discoverRunTargets()} */
    public MainView(MainViewModel model, loomscope.ui.run.RunOnCatalog runOn) {
        this.model = model;
        this.runOn = runOn;
        getStyleClass().add("main-view");
        controls = new ControlsBar(model);
        runOnChooser = new loomscope.ui.controls.RunOnChooser(model, runOn);
        controls.addSetting(runOnChooser);
        timing = new TimingPanel(model);
        history = new HistoryPanel(model.history());
        replayBar = new ReplayBar(model.replay());

        code = new CodeViewModel(shownScenario, shownLock);
        // the code beside the lanes is the code of the run they show (an opened run too), until the chooser
        // picks something else to run next
        shownScenario.set(model.scenarioProperty().get());
        shownLock.set(model.lockModeProperty().get());
        model.scenarioProperty().addListener((o, a, b) -> {
            shownLock.set(model.lockModeProperty().get());
            shownScenario.set(b);
        });
        model.lockModeProperty().addListener((o, a, b) -> shownLock.set(b));
        model.recordingProperty().addListener((o, a, r) -> {
            if (r != null) {
                shownLock.set(r.config().shape().lockMode());
                shownScenario.set(Scenarios.of(r.config()));
            }
        });
        codePane = new CodePane(code);
        codePane.setId("code-pane");
        // bounded: a long excerpt scrolls inside it and never pushes the history down the side panel
        codePane.setPrefHeight(CODE_HEIGHT);
        codePane.setMaxHeight(CODE_HEIGHT);
        // the side panel scrolls rather than squeeze the code to nothing on a 720 px screen
        codePane.setMinHeight(CODE_MIN_HEIGHT);

        SnippetsModel snippets = new SnippetsModel(model.yourCode(), RunStarters.shared());
        pulseHooks.add(nanos -> snippets.pulse());
        yourCodePane = new YourCodePane(new YourCodeViewModel(model.yourCode(), snippets), model.lockModeProperty());
        yourCodePane.setId("your-code-pane");
        yourCodePane.setPrefHeight(YOUR_CODE_HEIGHT);
        yourCodePane.setMinHeight(CODE_MIN_HEIGHT);
        model.scenarioProperty().addListener((o, a, b) -> placeCodeSlot());
        placeCodeSlot();
        // a compile error is marked in the editor: on a 720 px screen the editor is below the timing, so bring it up
        model.yourCode().problems().addListener((javafx.collections.ListChangeListener<Object>) c -> {
            if (!model.yourCode().problems().isEmpty()) {
                scrollSidePanelTo(codeSlot);
            }
        });

        StackPane center = new StackPane(recordingView, overlay);
        recordingView.setStyle("-fx-padding: 6 8 6 8;");
        sidePanel = new VBox(timing, codeSlot, history);
        sidePanel.setMinWidth(360);
        // the lanes get the width: the side panel takes 30% of the window, between 400 and 520 px
        widthProperty().addListener((o, a, w) -> sidePanel.setPrefWidth(Math.max(400, Math.min(520, w.doubleValue() * 0.3))));
        sidePanel.setPrefWidth(520);
        sideScroll = new ScrollPane(sidePanel);
        sideScroll.setFitToWidth(true);
        sideScroll.setFitToHeight(true);
        sideScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);

        Label message = new Label();
        message.setId("status-message");
        message.getStyleClass().add("status-message");
        message.textProperty().bind(model.messageProperty());
        Label error = new Label();
        error.setId("error-message");
        error.getStyleClass().addAll("status-message", "error");
        error.textProperty().bind(model.errorMessageProperty());
        error.setWrapText(true);
        javafx.scene.control.Button compare = new javafx.scene.control.Button("Compare JVMs…");
        compare.setId("open-compare");
        compare.setTooltip(new javafx.scene.control.Tooltip("These settings on two JVMs side by side, e.g. JDK 21 vs this JDK (Ctrl+J)"));
        compare.setOnAction(e -> openCompare());
        javafx.scene.control.Button sweepButton = new javafx.scene.control.Button("Sweep…");
        sweepButton.setId("open-sweep");
        sweepButton.setTooltip(new javafx.scene.control.Tooltip(
                "waves and platform-vs-virtual: time against size, virtual and platform threads, one real run per point"));
        sweepButton.setOnAction(e -> openSweep());
        // offered for the scenarios that have one: waves (time against K) and platform-vs-virtual (against N)
        sweepButton.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> !SweepPlan.supports(model.scenarioProperty().get()), model.scenarioProperty()));
        sweepButton.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        Label keys = new Label(KEYS);
        keys.setId("keys-hint");
        keys.getStyleClass().add("keys-hint");
        javafx.scene.layout.Region spacer = new javafx.scene.layout.Region();
        HBox.setHgrow(spacer, javafx.scene.layout.Priority.ALWAYS);
        savedRuns = new SavedRunsModel(model, RunStarters.shared());
        savedRunsControls = new SavedRunsControls(savedRuns);
        pulseHooks.add(nanos -> savedRuns.pulse());
        // buttons keep their words; the keys hint (also behind ?) gives way first when the window is narrow
        compare.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        keys.setMinWidth(0);
        // the hint asks for no room of its own: it takes what the buttons and the messages leave, right-aligned
        keys.setPrefWidth(0);
        keys.setMaxWidth(Double.MAX_VALUE);
        keys.setAlignment(javafx.geometry.Pos.CENTER_RIGHT);
        HBox.setHgrow(keys, javafx.scene.layout.Priority.ALWAYS);
        HBox status = new HBox(24, compare, sweepButton, savedRunsControls, message, error, spacer, keys);
        status.setStyle("-fx-padding: 4 14 6 14;");

        setTop(controls);
        setCenter(center);
        setRight(sideScroll);
        setBottom(new VBox(replayBar, status));

        overlay.visibleProperty().bind(controls.debugToggle().selectedProperty());
        model.recordingProperty().addListener((o, was, now) -> recordingView.setRecording(now));
        recordingView.setIdleCarriers(model.parallelismProperty().get());
        model.parallelismProperty().addListener((o, was, now) -> recordingView.setIdleCarriers(now.intValue()));
        model.stateProperty().addListener((o, was, now) -> {
            if (now == RunState.RUNNING) {
                frameStats.reset();
            }
        });
        model.history().addListener((ListChangeListener<HistoryRow>) change -> {
            while (change.next()) {
                if (logsRuns) {
                    change.getAddedSubList().forEach(row -> RunLog.finished(row, frameStats, model.runShare().note()));
                }
            }
        });
        model.replay().playingProperty().addListener((o, was, playing) -> {
            if (playing) {
                frameStats.reset();
            } else {
                RunLog.replayed(model.replay(), frameStats);
            }
        });
        pulse = new PulseLoop(model, recordingView, timing, overlay, frameStats, pulseHooks);
        sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                installShortcuts(scene);
                savedRunsControls.acceptDropsOn(scene);
                pulse.start();
            } else {
                pulse.stop();
            }
        });
    }

    private void installShortcuts(javafx.scene.Scene scene) {
        Map<KeyBinding, Runnable> keys = new EnumMap<>(KeyBinding.class);
        keys.put(KeyBinding.RUN, model::run);
        keys.put(KeyBinding.STOP, model::stop);
        keys.put(KeyBinding.FRAME_STATS, () -> controls.debugToggle().setSelected(!controls.debugToggle().isSelected()));
        keys.put(KeyBinding.NEXT_THEME, () -> AppTheme.current().next().applyTo(scene));
        keys.put(KeyBinding.REPLAY_PLAY, () -> model.replay().togglePlay());
        // Alt, not Ctrl, in the table: a focused text field takes Ctrl+arrows for word moves before the scene sees them
        keys.put(KeyBinding.REPLAY_BACK, () -> model.replay().step(-1));
        keys.put(KeyBinding.REPLAY_FORWARD, () -> model.replay().step(1));
        keys.put(KeyBinding.COMPARE, this::openCompare);
        keys.put(KeyBinding.SAVE_RUN, savedRunsControls::chooseAndSave);
        keys.put(KeyBinding.OPEN_RUN, savedRunsControls::chooseAndOpen);
        keys.put(KeyBinding.RUN_ON, this::chooseRunOn);
        keys.put(KeyBinding.CONTROLS, () -> setControlsVisible(!controls.isVisible()));
        KeyMap.install(scene, keys);
    }

    /** Looks for Java runtimes in the background (it starts JVMs to probe them) and offers them under "Run on". */
    public void discoverRunTargets() {
        runOn.discover(targets -> { });
    }

    /** Ctrl+O: opens the "Run on" list (arrows and Enter pick); not while a run goes, it keeps its JVM. */
    private void chooseRunOn() {
        var choice = runOnChooser.choice();
        if (!choice.isDisabled() && choice.getScene() != null && controls.isVisible()) {
            choice.requestFocus();
            choice.show();
        }
    }

    /** The "Run on" choices (the stage picks chapter targets from them). */
    public loomscope.ui.run.RunOnCatalog runOnCatalog() { return runOn; }

    public loomscope.ui.controls.RunOnChooser runOnChooser() { return runOnChooser; }

    /** Opens the compare view (loomscope.ui.compare) on this window's current settings. */
    public loomscope.ui.compare.CompareView openCompare() {
        return loomscope.ui.compare.CompareWindow.open(getScene() == null ? null : getScene().getWindow(),
                model::configFromInputs, cardExport, model.starterForOtherWindows());
    }

    /**
     * Opens the sweep window for the inputs' scenario (waves, platform-vs-virtual); its runs go one after another on a
     * standing starter thread and their times arrive in this window's pulse.
     */
    public SweepWindow openSweep() {
        if (sweepWindow == null) {
            SweepViewModel sweep = new SweepViewModel(RunStarters.shared(), RunTargets::start);
            pulseHooks.add(nanos -> sweep.pulse());
            sweepWindow = new SweepWindow(getScene() == null ? null : getScene().getWindow(), sweep,
                    model::configFromInputsQuietly, () -> model.inputs().where());
            sceneProperty().addListener((o, was, now) -> {
                if (now == null) {
                    sweep.cancel();
                }
            });
        }
        sweepWindow.show();
        return sweepWindow;
    }

    /** Where the compare view's "Export card" writes (the stage wires its export controller here). */
    public void setCardExport(loomscope.ui.compare.CompareCard.Export export) {
        this.cardExport = export;
    }

    /** Hides the controls bar and the side panel (presentation mode shows only lanes, field and replay). */
    public void setControlsVisible(boolean visible) {
        setTop(visible ? controls : null);
        controls.setVisible(visible);
    }

    /** Adds a section (a probe panel, an export box) under timing and history in the side panel. */
    public void addSideSection(javafx.scene.Node section) {
        sidePanel.getChildren().add(section);
    }

    public void setSidePanelVisible(boolean visible) {
        sideScroll.setVisible(visible);
        sideScroll.setManaged(visible);
    }

    /**
     * Puts {@code beside} right of the lanes instead of the side panel (presentation mode's code), or the side panel
     * back with null.
     */
    public void setBesideLanes(Node beside) {
        setRight(beside != null ? beside : sideScroll);
        if (beside == null) {
            placeCodeSlot();   // the editor may have been beside the lanes: it comes back
        }
    }

    private void scrollSidePanelTo(Node node) {
        double content = sidePanel.getHeight();
        double viewport = sideScroll.getViewportBounds().getHeight();
        if (content > viewport && viewport > 0) {
            sideScroll.setVvalue(Math.min(1, node.getBoundsInParent().getMinY() / (content - viewport)));
        }
    }

    /** The side panel's code: the chosen scenario's source, or your code to edit. */
    private void placeCodeSlot() {
        boolean yours = RunInputs.YOUR_CODE.equals(model.scenarioProperty().get());
        Node shown = yours ? yourCodePane : codePane;
        if (codeSlot.getChildren().size() != 1 || codeSlot.getChildren().get(0) != shown) {
            codeSlot.getChildren().setAll(shown);
        }
    }

    /** Puts a panel into the side panel at {@code position} (0 = top; the probes' panel goes under timing). */
    public void addSidePanel(int position, Node panel) {
        sidePanel.getChildren().add(Math.min(position, sidePanel.getChildren().size()), panel);
    }

    /** Runs {@code hook} once per pulse, after the view has drawn (on the FX thread; must not block). */
    public void addPulseHook(LongConsumer hook) {
        pulseHooks.add(hook);
    }

    public MainViewModel model() { return model; }

    /** Save and open of runs (the probes tell it the run's JFR events). */
    public SavedRunsModel savedRuns() { return savedRuns; }

    public ControlsBar controls() { return controls; }

    public RecordingView recordingView() { return recordingView; }

    public TimingPanel timing() { return timing; }

    /** The code the next run's threads run (the presentation shows it too). */
    public CodeViewModel code() { return code; }

    public CodePane codePane() { return codePane; }

    /** Your code's editor (the presentation puts it beside the lanes). */
    public YourCodePane yourCodePane() { return yourCodePane; }

    public HistoryPanel history() { return history; }

    public ReplayBar replayBar() { return replayBar; }

    public FrameStats frameStats() { return frameStats; }

    public DebugOverlay overlay() { return overlay; }

    /** Stops printing a console line per finished run: for a copy of the window nobody sees (WindowWarmUp). */
    public void silenceRunLog() {
        logsRuns = false;
    }
}
