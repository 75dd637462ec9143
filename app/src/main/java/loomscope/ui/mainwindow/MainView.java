package loomscope.ui.mainwindow;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.LongConsumer;

import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import loomscope.recording.RecordedRun;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.ui.code.CodeView;
import loomscope.ui.debug.DebugOverlay;
import loomscope.ui.debug.FrameStats;
import loomscope.ui.keys.KeyBinding;
import loomscope.ui.keys.KeyMap;
import loomscope.ui.presentation.PresentedWindow;
import loomscope.ui.probe.ProbeHost;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.run.RunState;
import loomscope.ui.sweep.SweepPlan;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;

/**
 * The main window's layout: controls on top, carrier lanes and thread field in the middle, timing, code and history
 * on the right, replay and status at the bottom. It receives its model and the features' views (the composition
 * root, {@code ui.app.MainWindow}, builds and wires them), places them, and owns the pulse loop.
 */
public final class MainView extends BorderPane implements PresentedWindow, ProbeHost {
    static final String KEYS = KeyBinding.hint();
    private static final double CODE_HEIGHT = 400;
    private static final double CODE_MIN_HEIGHT = 280;
    private static final double YOUR_CODE_HEIGHT = 520;

    /**
     * What the window shows, built by the composition root.
     *
     * @param controls    the controls bar, on top
     * @param yourCode    your code's editor: in the code's place while "your code" is the chosen scenario
     * @param savedRuns   Save run / Open run, in the status bar
     * @param openCompare what "Compare JVMs…" does
     * @param openSweep   what "Sweep…" does
     * @param openMatrix  what "Pinning matrix…" does
     */
    public record Parts(Node controls, RecordingView recordingView, DebugOverlay overlay, FrameStats frameStats,
                        Node timing, Region codeView, Region yourCode, Node history, Node replay,
                        Node savedRuns, Runnable openCompare, Runnable openSweep, Runnable openMatrix) { }

    private final MainViewModel model;
    private final Parts parts;
    private final VBox sidePanel;
    private final ScrollPane sideScroll;
    private final StackPane codeSlot = new StackPane();
    private final List<LongConsumer> pulseHooks = new ArrayList<>();
    private final PulseLoop pulse;
    private final StackPane center;
    /** An application's view (issue #45): its parts, whether it is on show, and whether its user asked for the controls. */
    private ApplicationParts applicationParts;
    private boolean applicationOn;
    private boolean controlsAsked;
    private boolean controlsVisible = true;
    private SplitPane lanesAndWhere;

    /**
     * What an application's run shows instead of the seed's: a header line in the controls' place (with a button that
     * brings the controls back for a run of ours), its facts in the timing's place, the stack of the mount stepped to in
     * the code's place, and Where in a pane of its own under the lanes.
     */
    public record ApplicationParts(Node header, Button showControls, Node facts, Region stack, Region where) { }

    public MainView(MainViewModel model, Parts parts) {
        this.model = model;
        this.parts = parts;
        getStyleClass().add("main-view");
        Region codeView = parts.codeView();
        codeView.setId("code-pane");
        // bounded: a long excerpt scrolls inside it and never pushes the history down the side panel
        codeView.setPrefHeight(CODE_HEIGHT);
        codeView.setMaxHeight(CODE_HEIGHT);
        // the side panel scrolls rather than squeeze the code to nothing on a 720 px screen
        codeView.setMinHeight(CODE_MIN_HEIGHT);
        Region yourCode = parts.yourCode();
        yourCode.setId("your-code-pane");
        yourCode.setPrefHeight(YOUR_CODE_HEIGHT);
        yourCode.setMinHeight(CODE_MIN_HEIGHT);
        model.scenarioProperty().addListener((o, a, b) -> placeCodeSlot());
        placeCodeSlot();
        // on a 720 px screen the editor is below the timing: bring it up when it has something to show
        model.onYourCodeWantsSight(() -> scrollSidePanelTo(codeSlot));

        center = new StackPane(parts.recordingView(), parts.overlay());
        // held shorter than it asks (an application's Where under it), the lanes keep their title: the field gives way
        StackPane.setAlignment(parts.recordingView(), Pos.TOP_LEFT);
        parts.recordingView().setStyle("-fx-padding: 6 8 6 8;");
        sidePanel = new VBox(parts.timing(), codeSlot, parts.history());
        sidePanel.setMinWidth(360);
        // the lanes get the width: the side panel takes 30% of the window, between 400 and 520 px
        widthProperty().addListener((o, a, w) -> sidePanel.setPrefWidth(Math.max(400, Math.min(520, w.doubleValue() * 0.3))));
        sidePanel.setPrefWidth(520);
        sideScroll = new ScrollPane(sidePanel);
        sideScroll.setFitToWidth(true);
        sideScroll.setFitToHeight(true);
        sideScroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);

        setTop(parts.controls());
        setCenter(center);
        setRight(sideScroll);
        setBottom(new VBox(parts.replay(), statusBar()));

        pulse = new PulseLoop(model, parts.recordingView(), parts.overlay(), parts.frameStats(), pulseHooks);
        sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                pulse.start();
            } else {
                pulse.stop();
            }
        });
    }

    private HBox statusBar;

    private HBox statusBar() {
        Label message = new Label();
        message.setId("status-message");
        message.getStyleClass().add("status-message");
        message.textProperty().bind(model.messageProperty());
        Label error = new Label();
        error.setId("error-message");
        error.getStyleClass().addAll("status-message", "error");
        error.textProperty().bind(model.errorMessageProperty());
        error.setWrapText(true);
        Button compare = new Button("Compare JVMs…");
        compare.setId("open-compare");
        compare.setTooltip(new Tooltip("These settings on two JVMs side by side, e.g. JDK 21 vs this JDK (Ctrl+J)"));
        compare.setOnAction(e -> parts.openCompare().run());
        Button sweep = new Button("Sweep…");
        sweep.setId("open-sweep");
        sweep.setTooltip(new Tooltip(
                "waves and platform-vs-virtual: time against size, virtual and platform threads, one real run per point"));
        sweep.setOnAction(e -> parts.openSweep().run());
        // offered for the scenarios that have one: waves (time against K) and platform-vs-virtual (against N)
        sweep.disableProperty().bind(Bindings.createBooleanBinding(
                () -> !SweepPlan.supports(model.scenarioProperty().get()), model.scenarioProperty()));
        sweep.setMinWidth(Region.USE_PREF_SIZE);
        Button matrix = new Button("Pinning matrix…");
        matrix.setId("open-matrix");
        matrix.setTooltip(new Tooltip("What still pins today, where: every scenario on every JVM found, one real run "
                + "each, JFR's count beside ours (Ctrl+M)"));
        matrix.setOnAction(e -> parts.openMatrix().run());
        matrix.setMinWidth(Region.USE_PREF_SIZE);
        Label keys = new Label(KEYS);
        keys.setId("keys-hint");
        keys.getStyleClass().add("keys-hint");
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        // buttons keep their words; the keys hint (also behind ?) gives way first when the window is narrow
        compare.setMinWidth(Region.USE_PREF_SIZE);
        keys.setMinWidth(0);
        // the hint asks for no room of its own: it takes what the buttons and the messages leave, right-aligned
        keys.setPrefWidth(0);
        keys.setMaxWidth(Double.MAX_VALUE);
        keys.setAlignment(Pos.CENTER_RIGHT);
        HBox.setHgrow(keys, Priority.ALWAYS);
        HBox status = new HBox(24, compare, sweep, matrix, parts.savedRuns(), message, error, spacer, keys);
        status.setStyle("-fx-padding: 4 14 6 14;");
        statusBar = status;
        return status;
    }

    /** A button of another feature (the composition root's) after "Compare JVMs…" and "Sweep…". */
    public void addStatusButton(Button button) {
        button.setMinWidth(Region.USE_PREF_SIZE);
        statusBar.getChildren().add(2, button);
    }

    /** Hides the controls bar and the side panel (presentation mode shows only lanes, field and replay). */
    @Override
    public void setControlsVisible(boolean visible) {
        controlsVisible = visible;
        placeTop();
    }

    /** Whether the controls bar is shown. */
    public boolean controlsVisible() {
        return parts.controls().isVisible();
    }

    /** The top of the window: the controls, or for an application its header (and the controls once asked for). */
    private void placeTop() {
        boolean controls = controlsVisible && (!applicationOn || controlsAsked);
        parts.controls().setVisible(controls);
        if (!applicationOn) {
            setTop(controlsVisible ? parts.controls() : null);
        } else if (!controlsVisible) {
            setTop(null);
        } else {
            setTop(controls ? new VBox(parts.controls(), applicationParts.header()) : applicationParts.header());
        }
    }

    /** The parts of an application's view, built by the composition root; shown by {@link #showApplication}. */
    public void setApplicationParts(ApplicationParts app) {
        this.applicationParts = app;
        app.showControls().setOnAction(e -> {
            controlsAsked = !controlsAsked;
            placeTop();
        });
        sidePanel.getChildren().add(0, app.facts());   // shown by its own model while an application's run is on show
    }

    /**
     * Shows an application's view while its run is on show (and the seed's again after): the controls, the bounds and
     * the scenario's code are of runs LoomScope ran, not of an application.
     */
    public void showApplication(boolean on) {
        if (applicationParts == null || on == applicationOn) {
            return;
        }
        applicationOn = on;
        controlsAsked = false;
        placeTop();
        parts.timing().setVisible(!on);
        parts.timing().setManaged(!on);
        Region where = applicationParts.where();
        if (on) {
            sidePanel.getChildren().remove(where);
            lanesAndWhere = new SplitPane(center, where);
            lanesAndWhere.setId("lanes-and-where");
            lanesAndWhere.setOrientation(Orientation.VERTICAL);
            // Where gets room of its own: at 1280x720 at least 8 rows under the lanes and the field (issue #45)
            lanesAndWhere.setDividerPositions(0.45);
            // the lanes and the field give way to Where's rows first (they scale to what they get)
            center.setMinHeight(120);
            setCenter(lanesAndWhere);
        } else {
            if (lanesAndWhere != null) {
                lanesAndWhere.getItems().clear();
                lanesAndWhere = null;
            }
            center.setMinHeight(USE_COMPUTED_SIZE);
            setCenter(center);
            sidePanel.getChildren().add(Math.min(2, sidePanel.getChildren().size()), where);
        }
        placeCodeSlot();
    }

    /** Whether an application's view is on show. */
    public boolean applicationShown() { return applicationOn; }

    /** Adds a section (a probe panel, an export box) under timing and history in the side panel. */
    public void addSideSection(Node section) {
        sidePanel.getChildren().add(section);
    }

    @Override
    public void setSidePanelVisible(boolean visible) {
        sideScroll.setVisible(visible);
        sideScroll.setManaged(visible);
    }

    /**
     * Puts {@code beside} right of the lanes instead of the side panel (presentation mode's code), or the side panel
     * back with null.
     */
    @Override
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
        boolean yours = model.scenarioProperty().get().runsYourCode();
        Node shown = applicationOn ? applicationParts.stack() : yours ? parts.yourCode() : parts.codeView();
        if (codeSlot.getChildren().size() != 1 || codeSlot.getChildren().get(0) != shown) {
            codeSlot.getChildren().setAll(shown);
        }
    }

    /** Puts a panel into the side panel at {@code position} (0 = top; the probes' panel goes under timing). */
    @Override
    public void addSidePanel(int position, Node panel) {
        sidePanel.getChildren().add(Math.min(position, sidePanel.getChildren().size()), panel);
    }

    /** Runs {@code hook} once per pulse, after the view has drawn (on the FX thread; must not block). */
    @Override
    public void addPulseHook(LongConsumer hook) {
        pulseHooks.add(hook);
    }

    public MainViewModel model() { return model; }

    @Override
    public RecordingView recordingView() { return parts.recordingView(); }


    /** Your code's editor (the presentation puts it beside the lanes). */
    @Override
    public Node yourCodeView() { return parts.yourCode(); }

    @Override
    public ReadOnlyObjectProperty<Scenario> chosenScenarioProperty() { return model.scenarioProperty(); }

    @Override
    public void setExtraObserver(Function<WorkloadConfig, RunObserver> factory) { model.setExtraObserver(factory); }

    @Override
    public ReadOnlyObjectProperty<RecordedRun> currentRunProperty() { return model.currentRunProperty(); }

    @Override
    public RunState runState() { return model.state(); }

    @Override
    public OptionalLong replayTimeNanos() { return model.replayTimeNanos(); }

    @Override
    public ProbeHost.YourLines yourCodeIfChosen() {
        return model.scenarioProperty().get().runsYourCode() ? model.yourCode() : null;
    }

    public FrameStats frameStats() { return parts.frameStats(); }

    public DebugOverlay overlay() { return parts.overlay(); }
}
