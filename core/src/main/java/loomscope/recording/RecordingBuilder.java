package loomscope.recording;

import java.util.ArrayList;
import java.util.List;

import loomscope.workload.Phase;
import loomscope.workload.WorkloadConfig;

/**
 * Rebuilds a finished recording from facts read back from a file (loomscope.savedrun): the same carrier logs,
 * the same mounts with the same classes ({@link MountClass}) and the same phase times, so that everything that reads a
 * recording (lanes, field, replay, summary, exports) sees exactly what it saw when the run was live. The
 * classes are taken as saved, not decided again: a file shows what was recorded, whichever rule recorded it.
 */
public final class RecordingBuilder {
    private final RunRecording recording;
    private final List<CarrierLog> logs = new ArrayList<>();

    private RecordingBuilder(WorkloadConfig config, String jdkVersion) {
        this.recording = new RunRecording(config, jdkVersion, System.nanoTime());
    }

    public static RecordingBuilder of(WorkloadConfig config, String jdkVersion) {
        return new RecordingBuilder(config, jdkVersion);
    }

    /** Carriers must be added in index order, before their mounts. */
    public RecordingBuilder carrier(int index, String name, long addedAt, boolean addedByPool) {
        if (index != logs.size()) {
            throw new IllegalArgumentException("carrier " + index + " comes after " + logs.size() + " carriers");
        }
        CarrierLog log = new CarrierLog(index, name, addedAt, addedByPool);
        logs.add(log);
        recording.restoreCarrier(log);
        return this;
    }

    /** A completed mount of carrier {@code carrier}, in that carrier's order; times relative to the origin. */
    public RecordingBuilder mount(int carrier, int vt, long submit, long start, long end, boolean pinned) {
        return mount(carrier, vt, submit, start, end, pinned ? MountClass.PINNED : MountClass.NOT_HELD);
    }

    /**
     * As {@link #mount(int, int, long, long, long, boolean)}, with its class as saved (held, not yet classed: only a
     * live view's copy of a session still recording has it).
     */
    public RecordingBuilder mount(int carrier, int vt, long submit, long start, long end, MountClass mountClass) {
        CarrierLog log = logs.get(carrier);
        log.open(vt, start);
        log.close(vt, submit, start, end, mountClass, -1);
        return this;
    }

    public RecordingBuilder phase(int vt, Phase phase, long time) {
        recording.phaseAt(vt, phase, time);
        return this;
    }

    /** Episodes an attached JVM's agent dropped and counted (its lanes' gaps are then not all idle). */
    public RecordingBuilder droppedInTarget(long dropped) {
        recording.restoreDroppedInTarget(dropped);
        return this;
    }

    /** The application whose agent recorded this (an attached JVM, or several side by side): its {@link RunSource}. */
    public RecordingBuilder application(RunSource.Application application) {
        recording.restoreApplication(application);
        return this;
    }

    /** The run's end as it was recorded; {@code runEnd} -1 for a run whose end never arrived (a killed child). */
    public RunRecording finish(long runStart, long runEnd, int completedAtEnd, boolean cancelled) {
        recording.restoreRunFacts(runStart, runEnd, completedAtEnd, cancelled);
        return recording;
    }
}
