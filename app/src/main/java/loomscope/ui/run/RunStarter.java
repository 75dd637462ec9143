package loomscope.ui.run;

import java.util.function.Function;
import java.util.function.Supplier;

import loomscope.runs.ChildRun;
import loomscope.runs.InProcessRun;
import loomscope.runs.LiveRun;
import loomscope.runs.RunTarget;
import loomscope.runs.RunTargets;
import loomscope.recording.RecordedRun;
import loomscope.taskfile.TaskFileLaunch;
import loomscope.workload.WorkloadConfig;

/**
 * Where a run of the window goes, decided here and nowhere else in the window (#37): your code always in a child JVM
 * of the chosen runtime, with its source as it is when the run starts; a built-in scenario in a child JVM when one is
 * chosen; else in this JVM, through {@code inThisJvm} where the window's probes and host policy must hear it.
 */
public final class RunStarter implements RunLifecycle.Starter {
    private final Supplier<String> yourCode;
    private final Function<WorkloadConfig, RecordedRun> inThisJvm;

    private RunStarter(Supplier<String> yourCode, Function<WorkloadConfig, RecordedRun> inThisJvm) {
        this.yourCode = yourCode;
        this.inThisJvm = inThisJvm;
    }

    /** The main window's: its runs in this JVM start through {@code inThisJvm} (gate, host preparation, probes). */
    public static RunStarter of(Supplier<String> yourCode, Function<WorkloadConfig, RecordedRun> inThisJvm) {
        return new RunStarter(yourCode, inThisJvm);
    }

    /** Another window's (the compare view's): the same places, without the main window's probes. */
    public static RunStarter withoutProbes(Supplier<String> yourCode) {
        return new RunStarter(yourCode, null);
    }

    @Override
    public LiveRun start(WorkloadConfig config, RunTarget where) throws Exception {
        if (config.scenario().runsYourCode()) {
            // JFR records from before the first mount, but the run does not wait ~1 s for its first flush: an edit
            // reaches its first mount in about a fifth of the time (docs/performance.md)
            return TaskFileLaunch.start(yourCode.get(), config.scenario().yourCodeClass(), config, where,
                    ChildRun.Options.plain().withProbes(true, 0).withJfrAlongside());
        }
        if (where.startsAJvm() || inThisJvm == null) {
            return RunTargets.start(where, config);
        }
        return InProcessRun.of(inThisJvm.apply(config));
    }
}
