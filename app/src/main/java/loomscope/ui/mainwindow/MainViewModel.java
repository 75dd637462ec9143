package loomscope.ui.mainwindow;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import loomscope.runs.ChildRun;
import loomscope.runs.InProcessRun;
import loomscope.runs.LiveRun;
import loomscope.runs.RunTarget;
import loomscope.host.CpuShare;
import loomscope.host.HostPolicy;
import loomscope.host.RunShare;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.Scenario;
import loomscope.taskfile.TaskFileLaunch;
import loomscope.ui.controls.ControlsViewModel;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.history.RunHistory;
import loomscope.ui.presentation.PresentedRun;
import loomscope.ui.replay.ReplayViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunLifecycle;
import loomscope.ui.run.RunStarter;
import loomscope.ui.run.RunState;
import loomscope.ui.run.StartFailure;
import loomscope.ui.savedruns.RunWindow;
import loomscope.ui.yourcode.YourCode;
import loomscope.workload.LockMode;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;

/**
 * The main window's model, composed of one part per job: the inputs ({@link RunInputs}), the run's life
 * ({@link RunLifecycle}), the words on screen ({@link RunMessages}), the host policy ({@link HostHooks}) and the
 * probes' hooks ({@link ProbeHooks}), the history of runs ({@link RunHistory}); it adds the progress and the replay
 * of the last run.
 * The FX side learns about runs only in {@link #pulse(long)}, which the window's single AnimationTimer calls
 * once per frame. Nothing here ever waits for the workload.
 */
public final class MainViewModel implements ControlsViewModel.RunControl, PresentedRun, RunWindow {
    /** The thread field draws one cell per thread; beyond this the cells get smaller than a pixel. */
    public static final int MAX_UI_THREADS = RunInputs.MAX_UI_THREADS;

    private final RunInputs inputs = new RunInputs();
    private final RunMessages messages = new RunMessages();
    private final HostHooks host;
    private final ProbeHooks probes = new ProbeHooks();
    private final YourCode yourCode = new YourCode();
    /** The source the next task-file run compiles: set on the FX thread just before the starter takes it. */
    private final AtomicReference<String> taskSource = new AtomicReference<>();
    /** Your code's text as last edited, for starter threads (the property is the FX thread's). */
    private volatile String yourCodeNow = "";
    /** The child running the audience's code now, for JFR's events at its end; null otherwise. */
    private ChildRun taskRun;
    private final RunLifecycle lifecycle;

    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyIntegerWrapper completed = new ReadOnlyIntegerWrapper(0);
    private final RunHistory history;
    private final ReplayViewModel replay = new ReplayViewModel();

    /** @param starters where runs start (the window's standing run starters, handed in from ui.app) */
    public MainViewModel(Executor starters) {
        this(starters, (Function<WorkloadConfig, RecordedRun>) null);
    }

    /** The window's model under the host policy decided at launch. */
    public MainViewModel(Executor starters, HostPolicy policy) {
        this(starters, new HostHooks(policy), null);
    }

    /** With another way to start runs in this JVM (tests: one that fails like an unsupported JVM would). */
    public MainViewModel(Executor starters, Function<WorkloadConfig, RecordedRun> inThisJvm) {
        this(starters, new HostHooks(), inThisJvm);
    }

    /**
     * @param executor   where runs start (threads that exist before any run; a direct executor in tests)
     * @param inThisJvm  starts a run of this JVM, or null for the real one (gate, host preparation, probes)
     */
    public MainViewModel(Executor executor, HostHooks host, Function<WorkloadConfig, RecordedRun> inThisJvm) {
        this.host = host;
        this.history = new RunHistory(executor);
        Function<WorkloadConfig, RecordedRun> here = inThisJvm != null ? inThisJvm : new ThisJvmRuns(probes, host);
        // this JVM goes through the starter (probes hear its events); a child JVM through loomscope.runs
        this.lifecycle = new RunLifecycle(executor, RunStarter.of(taskSource::get, here));
        lifecycle.setListener(new Follower());
        inputs.onChange(this::inputsChanged);
        // the run is named after the source's class, on its cards and in its history, as it is typed
        inputs.setYourCodeClass(yourCode::className);
        yourCode.sourceProperty().addListener((o, a, text) -> yourCodeNow = text);
        lifecycle.stateProperty().addListener((o, a, b) ->
                messages.stateChanged(inputs.configFromInputs(), state().isActive(), lifecycle.config()));
    }

    /**
     * How another window (the compare view) starts runs of these settings: like this one, your code included (its
     * text as it is when that run starts), but without this window's probes.
     */
    public RunLifecycle.Starter starterForOtherWindows() {
        return RunStarter.withoutProbes(() -> yourCodeNow);
    }

    // ---- commands ----

    /** Starts a run with the current inputs; a bad input or a run already going only sets a message. */
    @Override
    public void run() {
        if (state().isActive()) {
            messages.alreadyRunning();
            return;
        }
        WorkloadConfig config = inputs.configFromInputs();
        if (config == null) {
            messages.badInputs(inputs.inputErrorProperty().get());
            return;
        }
        RunTarget where = inputs.where();
        if (config.scenario().yourCodeClass() != null) {   // your code: the scenario says it runs a class of yours
            taskSource.set(yourCode.source());
            yourCode.starting();
        }
        host.decide(config, where);
        messages.starting(config, where);
        progress.set(0);
        completed.set(0);
        replay.unload();
        lifecycle.start(config, where);
    }

    /** Stops the run; returns at once (the run's own threads wind down within about a second). */
    @Override
    public void stop() {
        if (lifecycle.stop()) {
            messages.stopping();
        }
    }

    /** Called once per FX pulse: the only place the FX side reads the workload. */
    public void pulse(long pulseNanos) {
        lifecycle.pulse();
        if (taskRun != null && !taskRun.isFinished()) {
            yourCode.progress(taskRun.noProgress());   // a deadlock or a static initializer that never returns is not silent
        }
        if (state() == RunState.RUNNING) {
            RunRecording r = lifecycle.recordingProperty().get();
            int done = r.doneCount();
            completed.set(done);
            progress.set((double) done / r.threads());
        }
        replay.advance(pulseNanos);
        history.pulse();
    }

    /** Turns what the run's life reports into messages, history and replay. */
    private final class Follower implements RunLifecycle.Listener {
        @Override
        public void started(LiveRun run) {
            if (run instanceof InProcessRun inProcess) {
                probes.setCurrentRun(inProcess.recorded());
            }
            taskRun = isYourCode() && run instanceof ChildRun child ? child : null;
            if (taskRun != null) {
                yourCode.running();
            }
        }

        @Override
        public void failedToStart(StartFailure failure) {
            if (failure.cause() instanceof TaskFileLaunch.CompileFailed compile) {
                yourCode.compileFailed(compile.problems());
                messages.doesNotCompile(compile.problems());
                return;
            }
            if (isYourCode()) {
                yourCode.couldNotStart(failure.reason());
            }
            messages.couldNotStart(lifecycle.config(), failure);
        }

        @Override
        public void began(RunRecording recording) {
            messages.running(lifecycle.config(), lifecycle.target(), recording);
        }

        private boolean isYourCode() {
            return lifecycle.config() != null && lifecycle.config().scenario().yourCodeClass() != null;
        }

        @Override
        public void ended(RunLifecycle.Ended end) {
            probes.setCurrentRun(null);
            if (taskRun != null && !end.recordedAnything()) {
                yourCode.couldNotStart(end.outcome().describe());   // e.g. its constructor threw: nothing ran
            } else if (taskRun != null) {
                yourCode.ended(end.recording(), taskRun.pinnedEvents(), taskRun.childOutput());
            }
            taskRun = null;
            RunTarget where = lifecycle.target();
            if (!end.recordedAnything()) {
                messages.couldNotRun(lifecycle.config(), where, end.outcome());
                return;
            }
            RunSummary summary = end.summary();
            // while running, "done" is all we can see; a stopped run's cancelled tasks are done but not completed
            completed.set(summary.completed());
            progress.set((double) summary.completed() / Math.max(1, summary.threads()));
            history.ran(end.recording(), summary, where.jvmArgs(), host.runShare().lowersCarriers());
            messages.ended(end.outcome(), end.recording(), summary);
            replay.load(end.recording());
        }
    }

    /**
     * Shows a run opened from a file as the last run: lanes, field, timing and replay show it, and it joins the
     * history marked as opened. False, and nothing changes, while a run is starting or going.
     */
    @Override
    public boolean showOpened(RunRecording recording, List<String> jvmFlags, boolean carriersLowered, String fileName) {
        if (!lifecycle.showFinished(recording, recording.config())) {
            messages.alreadyRunning();
            return false;
        }
        RunSummary summary = RunSummary.of(recording);
        completed.set(summary.completed());
        progress.set((double) summary.completed() / Math.max(1, summary.threads()));
        history.opened(recording, summary, jvmFlags, carriersLowered, fileName);
        messages.opened(fileName, summary);
        replay.load(recording);
        return true;
    }

    /** The flags and lowering of the run on show (the last history row), for saving it; empty before any. */
    @Override
    public HistoryRow lastRow() {
        return history.lastRow();
    }

    /** Shows {@code text} on the status line while no run is going (a run's own messages replace it). */
    @Override
    public void showNote(String text) {
        messages.note(text, state().isActive());
    }

    /** Shows a problem found outside the controls (e.g. a bad command-line option) on the error line. */
    @Override
    public void reportProblem(String text) {
        messages.badInputs(text);
    }

    // ---- inputs ----

    /** The config the inputs describe, or null (and {@link #inputErrorProperty()} says why). */
    public WorkloadConfig configFromInputs() { return inputs.configFromInputs(); }

    /** The config the inputs describe, or null; unlike {@link #configFromInputs()} it sets no message (for bindings). */
    @Override
    public WorkloadConfig configFromInputsQuietly() { return inputs.configFromInputsQuietly(); }

    /**
     * Whether the next run would repeat the run last started (same workload, same JVM). When not, the clock
     * shows a time that belongs to settings no longer on screen (a chapter change), and must say so.
     */
    @Override
    public boolean nextRunRepeatsLast() {
        WorkloadConfig last = lifecycle.config();
        return last != null && last.equals(inputs.configFromInputsQuietly()) && inputs.where().equals(lifecycle.target());
    }

    private void inputsChanged() {
        messages.inputsChanged(inputs.configFromInputs(), state().isActive(), lifecycle.config());
    }

    // ---- properties ----

    public RunInputs inputs() { return inputs; }

    @Override
    public ReadOnlyIntegerProperty inputsRevisionProperty() { return inputs.revisionProperty(); }

    /** The audience's own task: its source, the compiler's complaints, where its last run threw and pinned. */
    public YourCode yourCode() { return yourCode; }

    /**
     * Calls {@code bringUp} when your code's editor has something to be seen: a compile error marked in it, or the
     * inspector's jump to a line of it (the editor may be scrolled out of the side panel's view).
     */
    public void onYourCodeWantsSight(Runnable bringUp) {
        yourCode.problems().addListener((ListChangeListener<Object>) c -> {
            if (!yourCode.problems().isEmpty()) {
                bringUp.run();
            }
        });
        yourCode.lineToShowProperty().addListener((o, was, line) -> bringUp.run());
    }

    public ProbeHooks probes() { return probes; }

    /** Where the next run happens: this JVM (default) or a child JVM from the "Run on" choice. */
    @Override
    public ObjectProperty<RunTarget> runOnProperty() { return inputs.runOnProperty(); }

    public ObjectProperty<LockMode> lockModeProperty() { return inputs.lockModeProperty(); }

    /** The scenario the next run runs (the seed by default); choosing one sets N and P to its defaults. */
    public ObjectProperty<Scenario> scenarioProperty() { return inputs.scenarioProperty(); }

    public IntegerProperty parallelismProperty() { return inputs.parallelismProperty(); }

    public StringProperty threadsTextProperty() { return inputs.threadsTextProperty(); }

    @Override
    public ReadOnlyObjectProperty<RunState> stateProperty() { return lifecycle.stateProperty(); }

    @Override
    public RunState state() { return lifecycle.state(); }

    /** The run being shown: the current one, or the last one once finished. */
    @Override
    public ReadOnlyObjectProperty<RunRecording> recordingProperty() { return lifecycle.recordingProperty(); }

    public ReadOnlyObjectProperty<RunSummary> lastSummaryProperty() { return history.lastSummaryProperty(); }

    @Override
    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }

    @Override
    public ReadOnlyIntegerProperty completedProperty() { return completed.getReadOnlyProperty(); }

    @Override
    public ReadOnlyDoubleProperty elapsedSecondsProperty() { return lifecycle.elapsedSecondsProperty(); }

    public ReadOnlyStringProperty inputErrorProperty() { return inputs.inputErrorProperty(); }

    @Override
    public ReadOnlyStringProperty messageProperty() { return messages.messageProperty(); }

    public ReadOnlyStringProperty errorMessageProperty() { return messages.errorMessageProperty(); }

    @Override
    public ReadOnlyStringProperty nextRunNoteProperty() { return messages.nextRunNoteProperty(); }

    public ObservableList<HistoryRow> history() { return history.rows(); }

    /** Whether the window lowered the carriers of the run that ended last (its time is then not the CLI's). */
    public boolean lastRunLoweredCarriers() { return history.lastRunLoweredCarriers(); }

    /** See {@link ProbeHooks#setExtraObserver}. */
    public void setExtraObserver(Function<WorkloadConfig, RunObserver> factory) { probes.setExtraObserver(factory); }

    /** See {@link ProbeHooks#setStartGate}. */
    public void setStartGate(Runnable gate) { probes.setStartGate(gate); }

    /** The run going now (its threads, for probes), or null between runs. */
    public ReadOnlyObjectProperty<RecordedRun> currentRunProperty() { return probes.currentRunProperty(); }

    public ReplayViewModel replay() { return replay; }

    /** The instant the replay shows, while it has a run to show. */
    public OptionalLong replayTimeNanos() {
        return replay.isAvailable() ? OptionalLong.of(replay.timeNanos()) : OptionalLong.empty();
    }

    /** How the window shares the CPU with the run going now; {@link CpuShare#FULL} between runs. */
    public CpuShare cpuShare() { return host.cpuShare(state() == RunState.RUNNING); }

    /** How the window shared the CPU with the run going now or last started (its rule in words, lowered carriers). */
    @Override
    public RunShare runShare() { return host.runShare(); }

    /** The config of the run going now or last started, or null. */
    @Override
    public WorkloadConfig runningConfig() { return lifecycle.config(); }
}
