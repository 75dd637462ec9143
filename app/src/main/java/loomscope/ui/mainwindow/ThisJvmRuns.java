package loomscope.ui.mainwindow;

import java.util.function.Function;

import loomscope.recording.RecordedRun;
import loomscope.recording.TeeObserver;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;

/**
 * How the window starts a run in this JVM, on the starter thread: it waits for the window's start gate (a warm-up's
 * run winding down, an attach going in), prepares the host as the policy decided, and records the run with the
 * probes' observer and the carriers' priority beside the recording.
 */
final class ThisJvmRuns implements Function<WorkloadConfig, RecordedRun> {
    private final ProbeHooks probes;
    private final HostHooks host;

    ThisJvmRuns(ProbeHooks probes, HostHooks host) {
        this.probes = probes;
        this.host = host;
    }

    @Override
    public RecordedRun apply(WorkloadConfig config) {
        probes.awaitGate();
        host.prepare();
        // the share was decided for this config on the FX thread before the starter thread began
        RunObserver beside = new TeeObserver(probes.observerFor(config), host.carrierPriority());
        return RecordedRun.start(config, beside);
    }
}
