package loomscope.runs;

import loomscope.jdks.JdkDiscovery;
import loomscope.jdks.JdkInstall;
import loomscope.jdks.LegacyLocking;

import java.util.ArrayList;
import java.util.List;

import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;

/** The "Run on" choices and how to start a run on any of them. */
public final class RunTargets {

    private RunTargets() { }

    /**
     * This JVM first, then each usable runtime, each followed by its legacy-locking preset where that flag
     * still works and changes something. Probes each JDK 24+ once (~0.2 s): call it off the FX thread.
     */
    public static List<RunTarget> offer(JdkDiscovery.Found found) {
        List<RunTarget> targets = new ArrayList<>();
        targets.add(new RunTarget.ThisJvm());
        for (JdkInstall jdk : found.usable()) {
            targets.add(RunTarget.ChildJvm.of(jdk));
            if (LegacyLocking.offeredFor(jdk)) {
                targets.add(RunTarget.ChildJvm.legacyLocking(jdk));
            }
        }
        return List.copyOf(targets);
    }

    /**
     * Starts {@code config} on {@code target}. In this JVM a mode it cannot run throws at once
     * ({@link loomscope.workload.UnsupportedModeException}); a child reports it as a Failed outcome.
     */
    public static LiveRun start(RunTarget target, WorkloadConfig config) {
        return switch (target) {
            case RunTarget.ThisJvm thisJvm -> InProcessRun.start(config, RunObserver.NONE);
            case RunTarget.ChildJvm child -> ChildRun.start(child, config, ChildRun.Options.plain());
        };
    }
}
