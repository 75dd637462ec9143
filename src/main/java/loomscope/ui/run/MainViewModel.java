package loomscope.ui.run;

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
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.host.CpuShare;
import loomscope.host.RunShare;
import loomscope.host.StandingThreads;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.recording.TeeObserver;
import loomscope.remote.InProcessRun;
import loomscope.remote.LiveRun;
import loomscope.remote.RunOutcome;
import loomscope.remote.RunTarget;
import loomscope.remote.RunTargets;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.replay.ReplayModel;
import loomscope.workload.LockMode;
import loomscope.workload.RunObserver;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The window's state: the next run's settings as typed, the current run, its progress, the history.
 * Runs start on a background thread; the FX side learns about them only in {@link #pulse(long)}, which the
 * window's single AnimationTimer calls once per frame. Nothing here ever waits for the workload.
 */
public final class MainViewModel {
    /** The thread field draws one cell per thread; beyond this the cells get smaller than a pixel. */
    public static final int MAX_UI_THREADS = 100_000;
    private static final IntInput THREADS = new IntInput("Virtual threads N", 1, MAX_UI_THREADS);
    private static final IntInput CPU = new IntInput("CPU iterations", 0, WorkloadConfig.MAX_CPU_ITERATIONS);
    private static final IntInput SLEEP = new IntInput("Sleep ms", 0, WorkloadConfig.MAX_SLEEP_MILLIS);

    /** Starts each run off the FX thread, on a thread that exists before any run (see StandingThreads). */
    private final Executor runStarter = StandingThreads.start("loomscope-run-starter", 1);
    private final ObjectProperty<RunTarget> runOn = new SimpleObjectProperty<>(new RunTarget.ThisJvm());
    private final ObjectProperty<LockMode> lockMode = new SimpleObjectProperty<>(LockMode.SYNCHRONIZED);
    private final IntegerProperty parallelism = new SimpleIntegerProperty(1);
    private final StringProperty threadsText = new SimpleStringProperty("5000");
    private final StringProperty cpuText = new SimpleStringProperty("10000");
    private final StringProperty sleepText = new SimpleStringProperty("5");

    private final ReadOnlyObjectWrapper<RunState> state = new ReadOnlyObjectWrapper<>(RunState.IDLE);
    private final ReadOnlyObjectWrapper<RunRecording> recording = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<RunSummary> lastSummary = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyIntegerWrapper completed = new ReadOnlyIntegerWrapper(0);
    private final ReadOnlyDoubleWrapper elapsedSeconds = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper inputError = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("Ready. Press Run (Ctrl+R).");
    private final ReadOnlyStringWrapper errorMessage = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper nextRunNote = new ReadOnlyStringWrapper("");
    private final ObservableList<HistoryRow> history = FXCollections.observableArrayList();
    private final ReplayModel replay = new ReplayModel();

    /** Filled by the starter thread, emptied by the pulse: a LiveRun or the Throwable that stopped it. */
    private final AtomicReference<Object> started = new AtomicReference<>();
    /** The run going now, in this JVM or a child; its recording is read once per pulse either way. */
    private LiveRun current;
    private RunTarget runningTarget;
    private WorkloadConfig runningConfig;
    private RunShare runningShare = RunShare.NONE;
    private boolean stopRequested;
    private int runNumber;

    private final Function<WorkloadConfig, RecordedRun> starter;
    private volatile Function<WorkloadConfig, RunObserver> extraObserver = config -> RunObserver.NONE;
    /** Awaited on the starter thread before each run of this JVM, before its probes start (see setStartGate). */
    private volatile Runnable startGate = () -> { };
    private final ReadOnlyObjectWrapper<RecordedRun> currentRun = new ReadOnlyObjectWrapper<>();

    public MainViewModel() {
        this(null);
    }

    /** With another way to start runs (tests: one that fails like an unsupported JVM would). */
    public MainViewModel(Function<WorkloadConfig, RecordedRun> starter) {
        this.starter = starter != null ? starter : config -> {
            startGate.run();
            CpuShare.prepare();
            // runningShare was decided for this config on the FX thread before the starter thread began
            return RecordedRun.start(config, new TeeObserver(extraObserver.apply(config), runningShare.share().carrierPriority()));
        };
        lockMode.addListener((o, a, b) -> inputsChanged());
        parallelism.addListener((o, a, b) -> inputsChanged());
        threadsText.addListener((o, a, b) -> inputsChanged());
        cpuText.addListener((o, a, b) -> inputsChanged());
        sleepText.addListener((o, a, b) -> inputsChanged());
        state.addListener((o, a, b) -> inputsChanged());
    }

    // ---- commands ----

    /** Starts a run with the current inputs; a bad input or a run already going only sets a message. */
    public void run() {
        if (state.get().isActive()) {
            message.set("A run is going: press Stop (Esc) first.");
            return;
        }
        WorkloadConfig config = configFromInputs();
        if (config == null) {
            errorMessage.set(inputError.get());
            return;
        }
        RunTarget where = runOn.get() == null ? new RunTarget.ThisJvm() : runOn.get();
        runningConfig = config;
        runningTarget = where;
        runningShare = RunShare.decide(config.parallelism(), !(where instanceof RunTarget.ChildJvm));
        stopRequested = false;
        errorMessage.set("");
        message.set("Starting " + describe(config) + (where instanceof RunTarget.ChildJvm c ? " on " + c.label() : "") + " ...");
        progress.set(0);
        completed.set(0);
        elapsedSeconds.set(0);
        replay.unload();
        state.set(RunState.STARTING);
        // building a run loads the native section and starts a pool: keep even that off the FX thread
        runStarter.execute(() -> {
            try {
                // this JVM goes through the starter (probes hear its events); a child JVM through loomscope.remote
                started.set(where instanceof RunTarget.ChildJvm
                        ? RunTargets.start(where, config) : InProcessRun.of(starter.apply(config)));
            } catch (Throwable e) {
                started.set(e);
            }
        });
    }

    /** Stops the run; returns at once (the run's own threads wind down within about a second). */
    public void stop() {
        if (state.get() == RunState.STARTING) {
            stopRequested = true;
        } else if (state.get() == RunState.RUNNING && current != null) {
            current.stopInBackground();
            message.set("Stopping ...");
        }
    }

    // ---- the pulse: the only place the FX side reads the workload ----

    /** Called once per FX pulse. */
    public void pulse(long pulseNanos) {
        Object handoff = started.getAndSet(null);
        if (handoff instanceof LiveRun run) {
            current = run;
            if (run instanceof InProcessRun inProcess) {
                currentRun.set(inProcess.recorded());
            }
            if (stopRequested) {
                run.stopInBackground();
            }
        } else if (handoff instanceof Throwable failure) {
            state.set(RunState.IDLE);
            errorMessage.set(failure.getMessage() == null ? failure.toString() : failure.getMessage());
            message.set("Could not start " + describe(runningConfig) + ".");
        }
        if (current != null) {
            RunRecording r = current.recording();
            if (r != null && recording.get() != r) {
                begin(r);   // a child's recording exists once its stream says hello
            }
            if (state.get() == RunState.RUNNING) {
                follow();
            }
            if (current.isFinished()) {
                finish();
            }
        }
        replay.advance(pulseNanos);
    }

    private void begin(RunRecording r) {
        recording.set(r);
        state.set(RunState.RUNNING);
        message.set("Running " + describe(runningConfig) + " on Java " + r.jdkVersion()
                + (runningTarget instanceof RunTarget.ChildJvm c && !c.jvmArgs().isEmpty() ? " " + String.join(" ", c.jvmArgs()) : "")
                + " ...");
    }

    private void follow() {
        RunRecording r = current.recording();
        int n = r.threads();
        int done = r.doneCount();
        completed.set(done);
        progress.set((double) done / n);
        if (r.runStart() >= 0) {
            long end = r.isFinished() ? r.runEnd() : r.now();
            elapsedSeconds.set((end - r.runStart()) / 1e9);
        }
    }

    private void finish() {
        RunOutcome outcome = current.outcome();
        RunRecording r = current.recording();
        current = null;
        currentRun.set(null);
        if (r == null || r.runStart() < 0) {
            // the child never got to run (bad JDK, crash at start): nothing recorded, nothing for the history
            state.set(RunState.IDLE);
            errorMessage.set(outcome.describe());
            message.set("Could not run " + describe(runningConfig) + " on " + runningTarget.label() + ".");
            return;
        }
        RunSummary summary = RunSummary.of(r);
        lastSummary.set(summary);
        // while running, "done" is all we can see; a stopped run's cancelled tasks are done but not completed
        completed.set(summary.completed());
        progress.set((double) summary.completed() / Math.max(1, summary.threads()));
        elapsedSeconds.set(summary.wallMillis() / 1000);
        history.add(new HistoryRow(++runNumber, summary, r,
                runningTarget instanceof RunTarget.ChildJvm c ? c.jvmArgs() : java.util.List.of(),
                runningShare.lowersCarriers()));
        if (outcome.isError()) {
            errorMessage.set("The run on Java " + r.jdkVersion() + " went wrong: " + outcome.describe()
                    + String.format(" (kept what was recorded: %,d of %,d tasks)", summary.completed(), summary.threads()));
        }
        message.set(summary.cancelled()
                ? String.format("Stopped: %,d of %,d tasks completed.", summary.completed(), summary.threads())
                : String.format("All %,d tasks completed.", summary.completed()));
        replay.load(r);
        state.set(RunState.FINISHED);
    }

    /** Shows {@code text} on the status line while no run is going (a run's own messages replace it). */
    public void showNote(String text) {
        if (!state.get().isActive()) {
            message.set(text);
        }
    }

    /** Shows a problem found outside the controls (e.g. a bad command-line option) on the error line. */
    public void reportProblem(String text) {
        errorMessage.set(text);
    }

    // ---- inputs ----

    /** The config the inputs describe, or null (and {@link #inputErrorProperty()} says why). */
    public WorkloadConfig configFromInputs() {
        StringBuilder errors = new StringBuilder();
        WorkloadConfig config = readInputs(errors);
        inputError.set(errors.toString());
        return config;
    }

    /** The config the inputs describe, or null; unlike {@link #configFromInputs()} it sets no message (for bindings). */
    public WorkloadConfig configFromInputsQuietly() {
        return readInputs(new StringBuilder());
    }

    /**
     * Whether the next run would repeat the run last started (same workload, same JVM). When not, the clock
     * shows a time that belongs to settings no longer on screen (a chapter change), and must say so.
     */
    public boolean nextRunRepeatsLast() {
        if (runningConfig == null) {
            return false;
        }
        RunTarget where = runOn.get() == null ? new RunTarget.ThisJvm() : runOn.get();
        return runningConfig.equals(configFromInputsQuietly()) && where.equals(runningTarget);
    }

    /** The inputs as a config, or null with the reasons appended to {@code errors}; changes no property. */
    private WorkloadConfig readInputs(StringBuilder errors) {
        int n = valueOf(THREADS.parse(threadsText.get()), errors);
        int cpu = valueOf(CPU.parse(cpuText.get()), errors);
        int sleep = valueOf(SLEEP.parse(sleepText.get()), errors);
        if (!errors.isEmpty()) {
            return null;
        }
        return new WorkloadConfig(n, cpu, sleep, lockMode.get(), parallelism.get(), SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    private static int valueOf(IntInput.Result result, StringBuilder errors) {
        return switch (result) {
            case IntInput.Valid v -> v.value();
            case IntInput.Invalid i -> {
                errors.append(errors.isEmpty() ? "" : "  ").append(i.message()).append('.');
                yield -1;
            }
        };
    }

    private void inputsChanged() {
        WorkloadConfig next = configFromInputs();
        if (state.get().isActive() && next != null && !next.equals(runningConfig)) {
            nextRunNote.set("Changed settings take effect on the next run.");
        } else {
            nextRunNote.set("");
        }
        if (next != null && !state.get().isActive()) {
            errorMessage.set("");
        }
    }

    static String describe(WorkloadConfig c) {
        return c == null ? "the run" : String.format("%s, P=%d, N=%,d", c.lockMode().cliName(), c.parallelism(), c.threads());
    }

    // ---- properties ----

    /** Where the next run happens: this JVM (default) or a child JVM from the "Run on" choice. */
    public ObjectProperty<RunTarget> runOnProperty() { return runOn; }

    public ObjectProperty<LockMode> lockModeProperty() { return lockMode; }

    public IntegerProperty parallelismProperty() { return parallelism; }

    public StringProperty threadsTextProperty() { return threadsText; }

    public StringProperty cpuTextProperty() { return cpuText; }

    public StringProperty sleepTextProperty() { return sleepText; }

    public ReadOnlyObjectProperty<RunState> stateProperty() { return state.getReadOnlyProperty(); }

    public RunState state() { return state.get(); }

    /** The run being shown: the current one, or the last one once finished. */
    public ReadOnlyObjectProperty<RunRecording> recordingProperty() { return recording.getReadOnlyProperty(); }

    public ReadOnlyObjectProperty<RunSummary> lastSummaryProperty() { return lastSummary.getReadOnlyProperty(); }

    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }

    public ReadOnlyIntegerProperty completedProperty() { return completed.getReadOnlyProperty(); }

    public ReadOnlyDoubleProperty elapsedSecondsProperty() { return elapsedSeconds.getReadOnlyProperty(); }

    public ReadOnlyStringProperty inputErrorProperty() { return inputError.getReadOnlyProperty(); }

    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }

    public ReadOnlyStringProperty errorMessageProperty() { return errorMessage.getReadOnlyProperty(); }

    public ReadOnlyStringProperty nextRunNoteProperty() { return nextRunNote.getReadOnlyProperty(); }

    public ObservableList<HistoryRow> history() { return history; }

    /**
     * For probes: something that hears every event of each following run, besides the recording (it is
     * called on the workload's threads, so it must be quick and must never touch JavaFX).
     */
    public void setExtraObserver(Function<WorkloadConfig, RunObserver> factory) {
        this.extraObserver = factory == null ? config -> RunObserver.NONE : factory;
    }

    /**
     * Something each run of this JVM waits for on the starter thread, before its probes start: the start-up
     * warm-up uses it so that a run started during it waits (at most a few seconds) for the hidden run to end,
     * and JFR counts no thread of the hidden run as this run's.
     */
    public void setStartGate(Runnable gate) {
        this.startGate = gate == null ? () -> { } : gate;
    }

    /** The run going now (its threads, for probes), or null between runs. */
    public ReadOnlyObjectProperty<RecordedRun> currentRunProperty() { return currentRun.getReadOnlyProperty(); }

    public ReplayModel replay() { return replay; }

    /** How the window shares the CPU with the run going now; {@link CpuShare#FULL} between runs. */
    public CpuShare cpuShare() {
        return state.get() == RunState.RUNNING ? runningShare.share() : CpuShare.FULL;
    }

    /** How the window shared the CPU with the run going now or last started (its rule in words, lowered carriers). */
    public RunShare runShare() { return runningShare; }

    /** The config of the run going now or last started, or null. */
    public WorkloadConfig runningConfig() { return runningConfig; }
}
