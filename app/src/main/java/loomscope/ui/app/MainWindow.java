package loomscope.ui.app;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.LongConsumer;

import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import loomscope.attach.JvmEntry;
import loomscope.jdks.JdkDiscovery;
import loomscope.jdks.JdkInspector;
import loomscope.matrix.PinningMatrix;
import loomscope.runs.RunTargets;
import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.ui.application.ApplicationView;
import loomscope.ui.application.ApplicationViewModel;
import loomscope.ui.attach.AttachView;
import loomscope.ui.attach.AttachViewModel;
import loomscope.ui.code.CodeView;
import loomscope.ui.code.CodeViewModel;
import loomscope.ui.compare.CompareCard;
import loomscope.ui.compare.CompareSideViewModel;
import loomscope.ui.compare.CompareView;
import loomscope.ui.compare.CompareViewModel;
import loomscope.ui.compare.CompareWindow;
import loomscope.ui.controls.ControlsView;
import loomscope.ui.controls.ControlsViewModel;
import loomscope.ui.controls.RunOnChooser;
import loomscope.ui.debug.DebugOverlay;
import loomscope.ui.debug.FrameStats;
import loomscope.ui.history.HistoryChanges;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.history.HistoryView;
import loomscope.ui.job.JobThreads;
import loomscope.ui.keys.KeyBinding;
import loomscope.ui.keys.KeyMap;
import loomscope.ui.mainwindow.MainView;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.mainwindow.RunLog;
import loomscope.ui.matrix.MatrixViewModel;
import loomscope.ui.matrix.MatrixWindow;
import loomscope.ui.probe.ProbeView;
import loomscope.ui.probe.ProbeViewModel;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.replay.ReplayView;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.run.RunState;
import loomscope.ui.savedruns.SavedRunsView;
import loomscope.ui.savedruns.SavedRunsViewModel;
import loomscope.ui.sweep.SweepViewModel;
import loomscope.ui.sweep.SweepWindow;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.timing.TimingView;
import loomscope.ui.timing.TimingViewModel;
import loomscope.ui.where.MountStackView;
import loomscope.ui.where.WhereView;
import loomscope.ui.where.WhereViewModel;
import loomscope.ui.yourcode.SnippetFiles;
import loomscope.ui.yourcode.YourCodeView;
import loomscope.ui.yourcode.YourCodeViewModel;
import loomscope.workload.LockMode;

/**
 * One main window, wired: the composition root builds every feature's view model and view here, hands the views to
 * {@link MainView} (which only lays them out) and connects what one feature tells another: the pulse hooks, the
 * keys, the run log, the code shown beside the lanes. The app, its warm-up copy and the window tests build it alike.
 */
public final class MainWindow {
    private final MainViewModel model;
    private final RunOnCatalog runOn;
    private final MainView view;
    private final ControlsView controls;
    private final RunOnChooser runOnChooser;
    private final TimingView timing;
    private final HistoryView history;
    private final ReplayView replayView;
    private final CodeViewModel code;
    private final CodeView codeView;
    private final YourCodeView yourCodeView;
    private final SavedRunsViewModel savedRuns;
    private final SavedRunsView savedRunsView;
    private final WhereViewModel where;
    private WhereView whereView;
    private final ApplicationViewModel application = new ApplicationViewModel();
    /** The JFR pinned events an application's detach brought (its agent's tap), for the recording they belong to. */
    private RunRecording detachedRecording;
    private List<PinnedEvent> detachedEvents = List.of();
    private final RecordingView recordingView = new RecordingView();
    private final FrameStats frameStats = new FrameStats();
    private final DebugOverlay overlay = new DebugOverlay(frameStats);
    /** The scenario and lock mode whose code the side panel shows. */
    private final ObjectProperty<Scenario> shownScenario = new SimpleObjectProperty<>();
    private final ObjectProperty<LockMode> shownLock = new SimpleObjectProperty<>();
    /** Whether each finished run prints its console line (RunLog); not for the hidden warm-up copy. */
    private boolean logsRuns = true;
    private CompareCard.Export cardExport;
    private SweepWindow sweepWindow;
    private MatrixWindow matrixWindow;
    private Stage attachWindow;
    private AttachViewModel attach;
    /** Told on the FX thread as an attach begins (the start-up warm-up: the user comes first). */
    private final List<Runnable> attachStarts = new ArrayList<>();

    private MainWindow(MainViewModel model, RunOnCatalog runOn) {
        this.model = model;
        this.runOn = runOn;
        ControlsViewModel controlsModel = new ControlsViewModel(model.inputs(), model);
        controls = new ControlsView(controlsModel);
        runOnChooser = new RunOnChooser(controlsModel, runOn);
        controls.addSetting(runOnChooser);
        controls.compactProperty().addListener((o, was, compact) -> runOnChooser.setCompact(compact));
        timing = new TimingView(new TimingViewModel(new TimingViewModel.Source(model.recordingProperty()::get,
                () -> model.state() == RunState.FINISHED, model.elapsedSecondsProperty()::get, model.completedProperty()::get,
                model.lastSummaryProperty()::get, model::lastRunLoweredCarriers)));
        history = new HistoryView(model.history());
        replayView = new ReplayView(model.replay());
        code = new CodeViewModel(shownScenario, shownLock);
        followTheRunShown();
        codeView = new CodeView(code);
        SnippetFiles snippets = new SnippetFiles(model.yourCode(), JobThreads.jobs());
        yourCodeView = new YourCodeView(new YourCodeViewModel(model.yourCode(), snippets), model.lockModeProperty());
        savedRuns = new SavedRunsViewModel(model, JobThreads.jobs());
        savedRunsView = new SavedRunsView(savedRuns);
        view = new MainView(model, new MainView.Parts(controls, recordingView, overlay, frameStats, timing, codeView,
                yourCodeView, history, replayView, savedRunsView, this::openCompare, this::openSweep,
                this::openMatrix));
        view.addPulseHook(timing::refresh);
        where = installWhere();
        installApplicationView();
        view.addPulseHook(nanos -> snippets.pulse());
        view.addPulseHook(nanos -> savedRuns.pulse());
        showRunsAndFrames();
        Button attach = new Button("Attach…");
        attach.setId("open-attach");
        attach.setTooltip(new Tooltip("a running JVM's carriers, live, under its own names (Ctrl+Shift+A)"));
        attach.setOnAction(e -> openAttach());
        view.addStatusButton(attach);
        view.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                installShortcuts(scene);
                savedRunsView.acceptDropsOn(scene);
            }
        });
    }

    /** The window for {@code model}, with the "Run on" choices of this user (nothing discovered yet). */
    public static MainWindow of(MainViewModel model) {
        return new MainWindow(model, new RunOnCatalog(JobThreads.jobs()));
    }

    /** @param runOn the "Run on" choices; nothing is discovered until {@link #discoverRunTargets()} */
    public static MainWindow of(MainViewModel model, RunOnCatalog runOn) {
        return new MainWindow(model, runOn);
    }

    /**
     * The code beside the lanes is the code of the run they show (an opened run too), until the chooser picks
     * something else to run next.
     */
    private void followTheRunShown() {
        shownScenario.set(model.scenarioProperty().get());
        shownLock.set(model.lockModeProperty().get());
        model.scenarioProperty().addListener((o, a, b) -> {
            shownLock.set(model.lockModeProperty().get());
            shownScenario.set(b);
        });
        model.lockModeProperty().addListener((o, a, b) -> shownLock.set(b));
        model.recordingProperty().addListener((o, a, r) -> {
            // an application's code is not LoomScope's to show (the code pane shows its mounts' stacks instead)
            if (r != null && r.source().ranOurTasks()) {
                shownLock.set(r.config().shape().lockMode());
                shownScenario.set(Scenarios.of(r.config()));
            }
        });
    }

    /** The lanes follow the run on show; the frame figures restart with each run and replay and go to the log. */
    private void showRunsAndFrames() {
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
            List<HistoryRow> runs = HistoryChanges.newRuns(change);
            if (logsRuns) {
                runs.forEach(row -> RunLog.finished(row, frameStats, model.runShare().note()));
            }
        });
        model.replay().playingProperty().addListener((o, was, playing) -> {
            if (playing) {
                frameStats.reset();
            } else {
                RunLog.replayed(model.replay(), frameStats);
            }
        });
    }

    private void installShortcuts(Scene scene) {
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
        keys.put(KeyBinding.MATRIX, this::openMatrix);
        keys.put(KeyBinding.ATTACH, this::openAttach);
        keys.put(KeyBinding.SAVE_RUN, savedRunsView::chooseAndSave);
        keys.put(KeyBinding.OPEN_RUN, savedRunsView::chooseAndOpen);
        keys.put(KeyBinding.RUN_ON, this::chooseRunOn);
        keys.put(KeyBinding.CONTROLS, () -> view.setControlsVisible(!view.controlsVisible()));
        keys.put(KeyBinding.PAN_BACK, () -> recordingView.timeKey(KeyBinding.PAN_BACK));
        keys.put(KeyBinding.PAN_FORWARD, () -> recordingView.timeKey(KeyBinding.PAN_FORWARD));
        KeyMap.install(scene, keys);
    }

    /**
     * The Where table beside the lanes: the sites where the run on show held its carriers, and the marks of the
     * selected site's mounts on the lanes.
     */
    private WhereViewModel installWhere() {
        WhereViewModel where = new WhereViewModel();
        whereView = new WhereView(where);
        RecordingView lanesView = view.recordingView();
        lanesView.lanes().addOverlay((gc, geometry) -> whereView.paintMarks(gc, geometry, lanesView.recording()));
        where.selectedProperty().addListener((o, was, site) -> {
            lanesView.redrawNextFrame();
            if (site != null && where.mountsOfSelected() > 0) {
                where.next();   // a site selected: the lanes zoom to its first mount, the inspector shows its stack
            } else if (site == null) {
                lanesView.clearMountSelection();
            }
        });
        where.steppedProperty().addListener((o, was, m) -> {
            if (m != null) {
                lanesView.zoomToMount(m.lane(), m.mount());
            }
        });
        view.addSidePanel(2, whereView);
        view.addPulseHook(nanos -> {
            whereView.setMarkColour(lanesView.palette().text());
            where.show(lanesView.recording());
        });
        return where;
    }

    /**
     * An application's view (issue #45): while an application's run is on show, its header in the controls' place, its
     * facts in the timing's, the stack of Where's mount in the code's, and Where in a pane of its own under the lanes.
     */
    private void installApplicationView() {
        Label header = new Label();
        header.setId("application-header");
        header.textProperty().bind(Bindings.concat(application.headerProperty(),
                "   (LoomScope's agent recorded it: no controls, bounds or task counts apply)"));
        header.setMinWidth(0);
        HBox.setHgrow(header, Priority.ALWAYS);
        header.setMaxWidth(Double.MAX_VALUE);
        Button controlsButton = new Button("Controls");
        controlsButton.setId("application-controls");
        controlsButton.setTooltip(new Tooltip("The controls of LoomScope's own runs (the seed, a scenario, your code)"));
        controlsButton.setMinWidth(Region.USE_PREF_SIZE);
        HBox bar = new HBox(12, header, controlsButton);
        bar.setId("application-bar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setStyle("-fx-padding: 4 14 4 14;");
        MountStackView stack = new MountStackView(where);
        stack.setPrefHeight(300);
        stack.setMinHeight(200);
        view.setApplicationParts(new MainView.ApplicationParts(bar, controlsButton, new ApplicationView(application), stack,
                whereView));
        view.addPulseHook(nanos -> {
            application.show(recordingView.recording());
            boolean app = application.applicationProperty().get();
            view.showApplication(app);
            whereView.setNoteShown(!app);
            // under the lanes Where keeps 8 rows at least, also at 1280x720 (issue #45); in the side panel, what it had
            whereView.setMinRows(app ? 8 : 0);
            // and the lanes keep room for their mounts above it: the thread field gives way first
            recordingView.setLanesFloor(app ? LANES_FLOOR : 0);
        });
    }

    /** The lanes' height an application's view keeps above Where, in px: two lanes and their time axis readable. */
    private static final double LANES_FLOOR = 96;

    /** An application's view of the run on show (its facts; whether it is on show). */
    public ApplicationViewModel application() { return application; }

    /** The JFR pinned events of an application's run the window shows: its detach's, or its saved file's. */
    private List<PinnedEvent> openedEventsOf(RunRecording r) {
        if (r != null && r == detachedRecording) {
            return detachedEvents;
        }
        var opened = savedRuns.opened();
        return opened != null && opened.recording() == r ? opened.pinnedEvents() : List.of();
    }

    /** The Where table's model: the sites of the run on show and the one chosen (presentation mode's header shows it). */
    public WhereViewModel where() { return where; }

    /** The probes' panels, lane band and inspector, on this window. */
    public ProbeView installProbes() {
        ProbeViewModel probes = new ProbeViewModel(JobThreads.probes(), JobThreads.jobs());
        // a saved run keeps JFR's pinned events of the run it saves, when the probes watched that run, or an
        // application's detach brought them (its agent's tap)
        savedRuns.setLiveEvents(() -> {
            RunRecording shown = model.recordingProperty().get();
            return probes.recording() == shown ? probes.events() : openedEventsOf(shown);
        });
        probes.setOpenedEvents(this::openedEventsOf);
        ProbeView probeView = ProbeView.install(view, probes);
        // a step through a site's mounts puts the inspector on each, and the replay at its start (the lanes' box on it,
        // the field as it was then)
        where.steppedProperty().addListener((o, was, m) -> {
            if (m != null) {
                model.replay().playingProperty().set(false);
                model.replay().seekNanos(m.start());
                probeView.inspectMount(m.lane(), m.mount());
            }
        });
        return probeView;
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

    /**
     * Opens the compare view (loomscope.ui.compare) on this window's current settings; each side starts its runs as
     * this window does (your code compiled for each side's JVM), on the standing run starters.
     */
    public CompareView openCompare() {
        CompareViewModel compare = new CompareViewModel(model::configFromInputs,
                new CompareSideViewModel("left", JobThreads.runStarters(), model.starterForOtherWindows()),
                new CompareSideViewModel("right", JobThreads.runStarters(), model.starterForOtherWindows()));
        return CompareWindow.open(view.getScene() == null ? null : view.getScene().getWindow(), compare,
                new RunOnCatalog(JobThreads.jobs()), cardExport);
    }

    /**
     * Opens the sweep window for the inputs' scenario (waves, platform-vs-virtual); its runs go one after another on a
     * standing starter thread and their times arrive in this window's pulse.
     */
    public SweepWindow openSweep() {
        if (sweepWindow == null) {
            SweepViewModel sweep = new SweepViewModel(JobThreads.runStarters(), RunTargets::start);
            view.addPulseHook(nanos -> sweep.pulse());
            sweepWindow = new SweepWindow(view.getScene() == null ? null : view.getScene().getWindow(), sweep,
                    model::configFromInputsQuietly, () -> model.inputs().where());
            view.sceneProperty().addListener((o, was, now) -> {
                if (now == null) {
                    sweep.cancel();
                }
            });
        }
        sweepWindow.show();
        return sweepWindow;
    }

    /**
     * Opens the pinning matrix: the JVMs are found as the Run-on list finds them, then each cell is one real run in a
     * child JVM on a standing starter thread, taken up in this window's pulse; a click on a cell shows its run here.
     */
    public MatrixWindow openMatrix() {
        if (matrixWindow == null) {
            MatrixViewModel matrix = new MatrixViewModel(JobThreads.runStarters(),
                    () -> PinningMatrix.jvmsFound(new JdkDiscovery(JdkDiscovery.Places.ofThisMachine(runOn.userAddedPaths()),
                            new JdkInspector()).discover()),
                    PinningMatrix::runCell,
                    cell -> model.showOpened(cell.recording(), cell.jvmFlags(), false,
                            "matrix: " + cell.scenario() + " on " + cell.jvm()));
            view.addPulseHook(nanos -> matrix.pulse());
            matrixWindow = new MatrixWindow(view.getScene() == null ? null : view.getScene().getWindow(), matrix);
            view.sceneProperty().addListener((o, was, now) -> {
                if (now == null) {
                    matrix.cancel();
                }
            });
        }
        matrixWindow.show();
        return matrixWindow;
    }

    /**
     * Opens the attach window (loomscope.ui.attach), one per main window; its jobs and lanes go with this window's
     * pulse, and a session that ends is shown here as a finished run (save, replay, compare, export).
     */
    public Stage openAttach() {
        if (attachWindow == null) {
            attach = new AttachViewModel(JobThreads.jobs());
            attach.setOnDetached(d -> {
                detachedRecording = d.recording();
                detachedEvents = d.events();
                model.showOpened(d.recording(), List.of(), false, d.fileName());
            });
            attach.setBeforeAttach(model.probes()::awaitGate);   // as the window's own runs do
            attach.stateProperty().addListener((o, was, now) -> {
                if (now == AttachViewModel.State.ATTACHING) {
                    attachStarts.forEach(Runnable::run);
                } else if (now == AttachViewModel.State.ATTACHED) {
                    frameStats.reset();   // the frame figures of an attach are its own, as a run's are
                    RunLog.attachedTo(attach.statusProperty().get());
                } else if (was == AttachViewModel.State.DETACHING && now == AttachViewModel.State.IDLE) {
                    String failed = attach.errorProperty().get();
                    RunLog.attached(failed.isEmpty() ? attach.statusProperty().get() : "The detach failed: " + failed, frameStats);
                }
            });
            AttachView attachView = new AttachView(attach);
            view.addPulseHook(attachView::pulse);
            attachWindow = AttachView.open(view.getScene() == null ? null : view.getScene().getWindow(), attachView);
            attach.refresh();
        }
        attachWindow.show();
        attachWindow.toFront();
        return attachWindow;
    }

    /** The attach window's model once {@link #openAttach()} made it, else null (tests). */
    AttachViewModel attachModel() {
        return attach;
    }

    /** {@code action} runs on the FX thread each time an attach begins, before its job waits at the start gate. */
    public void whenAttachStarts(Runnable action) {
        attachStarts.add(action);
    }

    /**
     * The window's {@code --attach PID[,PID…]}: the attach window opens attached to {@code targets}, side by side. With
     * {@code exit} (the launch's {@code --exit-after-run}) the window closes once the session is over: 0 after a
     * detach (its line and frame figures printed), 2 with the reason on stderr when the (first) attach failed.
     */
    public void attachAtStart(List<JvmEntry> targets, IntConsumer exit) {
        openAttach();
        String pids = String.join(",", targets.stream().map(t -> Long.toString(t.pid())).toList());
        if (exit != null) {
            attach.stateProperty().addListener((o, was, now) -> {
                if (was == AttachViewModel.State.ATTACHING && now == AttachViewModel.State.IDLE) {
                    System.err.println("loomscope: --attach " + pids + ": " + attach.errorProperty().get());
                    exit.accept(2);
                } else if (was == AttachViewModel.State.DETACHING && now == AttachViewModel.State.IDLE) {
                    String failed = attach.errorProperty().get();
                    if (!failed.isEmpty()) {
                        System.err.println("loomscope: --attach " + pids + ": the detach failed: " + failed);
                    }
                    exit.accept(failed.isEmpty() ? 0 : 2);
                }
            });
        }
        attach.attachAll(targets);
    }

    /** Where the compare view's "Export card" writes (the stage wires its export here). */
    public void setCardExport(CompareCard.Export export) {
        this.cardExport = export;
    }

    /** Stops printing a console line per finished run: for a copy of the window nobody sees (WindowWarmUp). */
    public void silenceRunLog() {
        logsRuns = false;
    }

    /** The layout, for a scene. */
    public MainView view() { return view; }

    public MainViewModel model() { return model; }

    /** The "Run on" choices (the stage picks chapter targets from them). */
    public RunOnCatalog runOnCatalog() { return runOn; }

    public RunOnChooser runOnChooser() { return runOnChooser; }

    /** Save and open of runs (the probes tell it the run's JFR events). */
    public SavedRunsViewModel savedRuns() { return savedRuns; }

    public ControlsView controls() { return controls; }

    public RecordingView recordingView() { return recordingView; }

    public TimingView timing() { return timing; }

    /** The code the next run's threads run (the presentation shows it too). */
    public CodeViewModel code() { return code; }

    public CodeView codeView() { return codeView; }

    /** Your code's editor (the presentation puts it beside the lanes). */
    public YourCodeView yourCodeView() { return yourCodeView; }

    public HistoryView history() { return history; }

    public ReplayView replayView() { return replayView; }

    public FrameStats frameStats() { return frameStats; }

    public DebugOverlay overlay() { return overlay; }

    /** Runs {@code hook} once per pulse, after the view has drawn (on the FX thread; must not block). */
    public void addPulseHook(LongConsumer hook) {
        view.addPulseHook(hook);
    }
}
