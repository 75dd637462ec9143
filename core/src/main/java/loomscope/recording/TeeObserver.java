package loomscope.recording;

import loomscope.workload.Phase;
import loomscope.workload.RunObserver;

/** Tells two observers everything, the recording first. */
public record TeeObserver(RunObserver first, RunObserver second) implements RunObserver {
    @Override public void runStarted(long nanos) { first.runStarted(nanos); second.runStarted(nanos); }

    @Override public void runEnded(long nanos, int completed, boolean cancelled) {
        first.runEnded(nanos, completed, cancelled);
        second.runEnded(nanos, completed, cancelled);
    }

    @Override public void carrierAdded(int index, String name, long nanos) {
        first.carrierAdded(index, name, nanos);
        second.carrierAdded(index, name, nanos);
    }

    @Override public void submitted(int vt, long nanos) { first.submitted(vt, nanos); second.submitted(vt, nanos); }

    @Override public void mountStarted(int carrier, int vt, long submittedNanos, long nanos) {
        first.mountStarted(carrier, vt, submittedNanos, nanos);
        second.mountStarted(carrier, vt, submittedNanos, nanos);
    }

    @Override public void mountEnded(int carrier, int vt, long nanos, long blockedNanos) {
        first.mountEnded(carrier, vt, nanos, blockedNanos);
        second.mountEnded(carrier, vt, nanos, blockedNanos);
    }

    @Override public void phase(int vt, Phase phase, long nanos) {
        first.phase(vt, phase, nanos);
        second.phase(vt, phase, nanos);
    }

    @Override public void taskThrew(int vt, String stack) {
        first.taskThrew(vt, stack);
        second.taskThrew(vt, stack);
    }
}
