package loomscope.recording;

import loomscope.workload.Phase;
import loomscope.workload.RunObserver;

/**
 * What a run tells as it happens, written into its {@link RunRecording}: the run's start and end, carriers, submits,
 * mounts with their verdicts, phases, what its tasks threw. Its times are {@link System#nanoTime()} values, kept
 * relative to the recording's origin. Carriers and tasks call it at once from their own threads: each writes its own
 * slots, no locks (a carrier's start takes the recording's).
 */
public final class RunRecorder implements RunObserver {
    private final RunRecording recording;

    public RunRecorder(RunRecording recording) {
        this.recording = recording;
    }

    /** The recording it writes. */
    public RunRecording recording() { return recording; }

    @Override
    public void runStarted(long nanos) { recording.started(nanos - recording.origin()); }

    @Override
    public void runEnded(long nanos, int completed, boolean wasCancelled) {
        recording.ended(nanos - recording.origin(), completed, wasCancelled);
    }

    @Override
    public void carrierAdded(int index, String name, long nanos) {
        recording.addCarrier(index, name, nanos - recording.origin());
    }

    @Override
    public void submitted(int vt, long nanos) {
        if (vt < 0) {
            return;
        }
        recording.queued(vt, nanos - recording.origin());
    }

    @Override
    public void mountStarted(int carrier, int vt, long submittedNanos, long nanos) {
        if (vt < 0 || carrier < 0) {
            return;
        }
        recording.mounted(carrier, vt, nanos - recording.origin());
    }

    @Override
    public void mountEnded(int carrier, int vt, long nanos, long blockedNanos) {
        if (vt < 0 || carrier < 0) {
            return;
        }
        recording.unmounted(carrier, vt, nanos - recording.origin(), blockedNanos);
    }

    @Override
    public void phase(int vt, Phase phase, long nanos) {
        recording.phaseAt(vt, phase, nanos - recording.origin());
    }

    /** A task's own code threw: counted; the first one's thread and stack kept. */
    @Override
    public void taskThrew(int vt, String stack) {
        recording.threw(vt, stack);
    }
}
