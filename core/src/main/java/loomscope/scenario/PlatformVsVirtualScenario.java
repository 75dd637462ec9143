package loomscope.scenario;

import java.util.List;

import loomscope.workload.LockMode;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.WorkloadConfig;

/**
 * The seed's task without a lock (CPU work, then a sleep) on N threads: run it with {@code --thread-kind platform}
 * and {@code virtual} and sweep N to see where one OS thread per task stops keeping up.
 */
public record PlatformVsVirtualScenario() implements Scenario {

    private static final List<ScenarioParam> PARAMS = List.of(
            SeedTask.cpuParam("sin*cos iterations first"), SeedTask.sleepParam("sleep after it, ms (no lock)"));

    @Override public String name() { return "platform-vs-virtual"; }

    @Override
    public String shows() {
        return "the same lock-free task on one platform thread each or on virtual threads; sweep N with --threads";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("mjovanc", "Java 21 - A deep dive into Virtual Threads",
                "virtual threads give scale (throughput), not speed: virtual 214,600 and 256,367 tasks/s, "
                        + "platform 93,568 and 74,051 tasks/s (100,000 and 200,000 tasks)");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    @Override public int defaultThreads() { return 1_000; }

    @Override public int defaultParallelism() { return 1; }

    /** The seed's task without a lock: the seed's lock-free starter. */
    @Override public String starterName() { return "seed-none"; }

    /** N from 100 to 10,000: platform threads stop there, one OS thread each. */
    @Override public Sweep sweep() { return new Sweep("N threads", List.of(100, 1_000, 2_000, 5_000, 10_000)); }

    @Override
    public Rate rate(ScenarioParams params, int threads, double wallMillis) {
        return new Rate(threads / (wallMillis / 1000), "tasks/s");
    }

    @Override
    public TaskShape shape(ScenarioParams p) {
        return new TaskShape(p.intValue(SeedTask.CPU), p.intValue(SeedTask.SLEEP), LockMode.NONE, true, true);
    }

    @Override public void checkRunnable(ScenarioParams p) { SeedTask.checkRunnable(shape(p)); }

    @Override public ScenarioRun prepare(WorkloadConfig config) { return SeedTask.of(config.scenario().shape()); }
}
