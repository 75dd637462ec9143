package loomscope.runs;

import java.util.Locale;

import loomscope.probe.CauseClassifier;
import loomscope.probe.CauseReport;
import loomscope.recording.RunRecording;

/** Why a child's held mounts held their carriers, classed once its run is over by the witnesses its JFR streamed. */
final class ChildCauses {
    private ChildCauses() { }

    /**
     * The causes of {@code r}'s held mounts: classed where JFR ran in the child and the run completed or was cancelled
     * (the child's JFR delivered everything before its end line: its stream's stop waits for that); else why not.
     */
    static CauseReport atEnd(RunRecording r, boolean jfrPinned, RunOutcome decided, ChildProbeLines probeLines) {
        return !jfrPinned ? CauseClassifier.notClassified(r, "JFR did not run in the child")
                : decided instanceof RunOutcome.Completed || decided instanceof RunOutcome.Cancelled
                ? noteNotKept(CauseClassifier.classify(r, probeLines.pinnedEvents(), probeLines.witnesses(), true),
                        probeLines.witnessesNotKept())
                : CauseClassifier.notClassified(r, "the child ended before its JFR delivered everything");
    }

    static CauseReport noteNotKept(CauseReport causes, long notKept) {
        return notKept == 0 ? causes : causes.noted(String.format(Locale.ROOT,
                "%,d of JFR's witnesses past the first %,d were not kept: the mounts they would explain are unsure",
                notKept, ChildProbeLines.MAX_WITNESSES));
    }
}
