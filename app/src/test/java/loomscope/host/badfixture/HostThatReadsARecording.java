package loomscope.host.badfixture;

import loomscope.recording.RunRecording;

/** Bad on purpose (ArchitectureRulesRejectBadClassesTest): the host policy may use the workload only, not a recording. */
public final class HostThatReadsARecording {
    private HostThatReadsARecording() { }

    public static int threads(RunRecording r) { return r.config().threads(); }
}
