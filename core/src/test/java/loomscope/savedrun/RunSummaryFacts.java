package loomscope.savedrun;

import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;

final class RunSummaryFacts {
    private RunSummaryFacts() { }

    static long pinnedMounts(RunRecording r) {
        return RunSummary.of(r).pinnedMounts();
    }
}
