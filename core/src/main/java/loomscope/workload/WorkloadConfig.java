package loomscope.workload;

import java.util.List;

/**
 * One experiment: {@code threads} tasks of a scenario on {@code parallelism} carriers of {@code scheduler}, as
 * {@code threadKind} threads. What a task does, and with which values, is the scenario's alone ({@code scenario}):
 * a run knows no scenario in particular.
 *
 * @param scenario what runs and its parameters, checked
 */
public record WorkloadConfig(
        int threads,
        int parallelism,
        SchedulerKind scheduler,
        ThreadKind threadKind,
        ScenarioChoice scenario) {

    public static final int MAX_THREADS = RunLimits.MAX_THREADS;
    public static final int MAX_PARALLELISM = RunLimits.MAX_PARALLELISM;

    /** @throws RunLimits.InvalidRunException naming the first field outside {@link RunLimits}' absolute limits */
    public WorkloadConfig {
        RunLimits.throwIfAny(RunLimits.problems(threads, parallelism, scheduler, threadKind, RunLimits.MAX_THREADS));
        if (scenario == null) {
            throw new RunLimits.InvalidRunException(List.of(new RunLimits.Problem(RunLimits.Field.SCENARIO, "is required")));
        }
    }

    /** @throws RunLimits.InvalidRunException if a surface that allows at most {@code maxThreads} must refuse it */
    public WorkloadConfig validate(int maxThreads) {
        return RunLimits.check(this, maxThreads);
    }

    public WorkloadConfig withThreads(int n) {
        return new WorkloadConfig(n, parallelism, scheduler, threadKind, scenario);
    }

    public WorkloadConfig withParallelism(int p) {
        return new WorkloadConfig(threads, p, scheduler, threadKind, scenario);
    }

    public WorkloadConfig withScheduler(SchedulerKind s) {
        return new WorkloadConfig(threads, parallelism, s, threadKind, scenario);
    }

    public WorkloadConfig withThreadKind(ThreadKind k) {
        return new WorkloadConfig(threads, parallelism, scheduler, k, scenario);
    }

    public WorkloadConfig withScenario(ScenarioChoice s) {
        return new WorkloadConfig(threads, parallelism, scheduler, threadKind, s);
    }

    /**
     * The same run with the scenario's parameter {@code name} set to {@code value}.
     *
     * @throws RunLimits.InvalidRunException naming the parameter if the scenario has none such or refuses the value
     */
    public WorkloadConfig withParam(String name, Object value) {
        return withScenario(scenario.with(name, String.valueOf(value)));
    }

    /** What one task does. */
    public TaskShape shape() { return scenario.shape(); }

    /** What a card, a file name or a chart label calls the run. */
    public String workloadName() {
        return scenario.label();
    }

    /** What ran, for a person: "seed lock=synchronized cpu-iterations=10000 sleep-ms=5". */
    public String scenarioText() {
        String params = scenario.paramsText();
        return params.isEmpty() ? scenario.name() : scenario.name() + " " + params;
    }

    /** Whether every mount can be recorded: only virtual threads on our own carrier pool. */
    public boolean recordsMounts() {
        return threadKind == ThreadKind.VIRTUAL && scheduler == SchedulerKind.POOL;
    }
}
