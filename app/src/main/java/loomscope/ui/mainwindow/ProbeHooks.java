package loomscope.ui.mainwindow;

import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import loomscope.recording.RecordedRun;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;

/** Where the probes hook into runs of this JVM: an extra observer, a gate before the start, the run going now. */
public final class ProbeHooks {
    private volatile Function<WorkloadConfig, RunObserver> extraObserver = config -> RunObserver.NONE;
    /** Awaited on the starter thread before each run of this JVM, before its probes start (see setStartGate). */
    private volatile Runnable startGate = () -> { };
    private final ReadOnlyObjectWrapper<RecordedRun> currentRun = new ReadOnlyObjectWrapper<>();

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

    /** On the starter thread, or an attach's job thread (never the FX thread): waits at the gate. */
    public void awaitGate() {
        startGate.run();
    }

    /** On the starter thread: the observer for {@code config}'s run. */
    RunObserver observerFor(WorkloadConfig config) {
        return extraObserver.apply(config);
    }

    /** FX thread: the run of this JVM going now, or null. */
    void setCurrentRun(RecordedRun run) {
        currentRun.set(run);
    }

    /** The run going now (its threads, for probes), or null between runs. */
    public ReadOnlyObjectProperty<RecordedRun> currentRunProperty() { return currentRun.getReadOnlyProperty(); }
}
