package loomscope.workload;

/**
 * One experiment: N tasks of a {@link Scenario} on {@code parallelism} carriers. For the seed, each does
 * {@code cpuIterations} of sin*cos, then sleeps {@code sleepMillis} inside the section that {@code lockMode}
 * describes; another scenario sets those three fields to what stands for it ({@link Scenario#seedFields}) and
 * carries its own parameters in {@code scenario}. The seven-field constructor and the withers are the seed's.
 *
 * @param scenario what runs and its parameters; for the seed, rebuilt from the cpu, sleep and lock fields
 */
public record WorkloadConfig(
        int threads,
        int cpuIterations,
        int sleepMillis,
        LockMode lockMode,
        int parallelism,
        SchedulerKind scheduler,
        ThreadKind threadKind,
        ScenarioParams scenario) {

    public static final int MAX_THREADS = RunLimits.MAX_THREADS;
    public static final int MAX_PARALLELISM = RunLimits.MAX_PARALLELISM;
    public static final int MAX_CPU_ITERATIONS = RunLimits.MAX_CPU_ITERATIONS;
    public static final int MAX_SLEEP_MILLIS = RunLimits.MAX_SLEEP_MILLIS;

    /** The seeds' experiment: 5,000 virtual threads, 10,000 iterations, 5 ms, per-task lock, one carrier. */
    public static WorkloadConfig seed() {
        return new WorkloadConfig(5_000, 10_000, 5, LockMode.SYNCHRONIZED, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    /** @throws RunLimits.InvalidRunException naming the first field outside {@link RunLimits}' absolute limits */
    public WorkloadConfig {
        RunLimits.throwIfAny(RunLimits.problems(threads, cpuIterations, sleepMillis, parallelism, lockMode, scheduler,
                threadKind, RunLimits.MAX_THREADS));
        if (scenario == null || scenario.isSeed()) {
            // the seed's parameters are these fields: its values are only ever a copy of them
            scenario = ScenarioParams.seed(cpuIterations, sleepMillis, lockMode);
        }
    }

    /** A run of the seed experiment. */
    public WorkloadConfig(int threads, int cpuIterations, int sleepMillis, LockMode lockMode, int parallelism,
                          SchedulerKind scheduler, ThreadKind threadKind) {
        this(threads, cpuIterations, sleepMillis, lockMode, parallelism, scheduler, threadKind, null);
    }

    /** @throws RunLimits.InvalidRunException if a surface that allows at most {@code maxThreads} must refuse it */
    public WorkloadConfig validate(int maxThreads) {
        return RunLimits.check(this, maxThreads);
    }

    public WorkloadConfig withThreads(int n) {
        return new WorkloadConfig(n, cpuIterations, sleepMillis, lockMode, parallelism, scheduler, threadKind, scenario);
    }

    public WorkloadConfig withLockMode(LockMode mode) {
        return new WorkloadConfig(threads, cpuIterations, sleepMillis, mode, parallelism, scheduler, threadKind, scenario);
    }

    public WorkloadConfig withParallelism(int p) {
        return new WorkloadConfig(threads, cpuIterations, sleepMillis, lockMode, p, scheduler, threadKind, scenario);
    }

    public WorkloadConfig withCpuIterations(int k) {
        return new WorkloadConfig(threads, k, sleepMillis, lockMode, parallelism, scheduler, threadKind, scenario);
    }

    public WorkloadConfig withSleepMillis(int s) {
        return new WorkloadConfig(threads, cpuIterations, s, lockMode, parallelism, scheduler, threadKind, scenario);
    }

    public WorkloadConfig withScheduler(SchedulerKind s) {
        return new WorkloadConfig(threads, cpuIterations, sleepMillis, lockMode, parallelism, s, threadKind, scenario);
    }

    public WorkloadConfig withThreadKind(ThreadKind k) {
        return new WorkloadConfig(threads, cpuIterations, sleepMillis, lockMode, parallelism, scheduler, k, scenario);
    }

    /** The scenario that runs. */
    public Scenario scenarioKind() { return scenario.scenario(); }

    /** Whether this is the seed experiment (any lock mode). */
    public boolean isSeed() { return scenario.isSeed(); }

    /** What ran, for a person: "seed lock=synchronized cpu-iterations=10000 sleep-ms=5". */
    /** What a card, a file name or a chart label calls the run: the seed's lock mode, or the scenario's name. */
    public String workloadName() {
        return isSeed() ? lockMode().cliName() : scenario.name();
    }

    public String scenarioText() {
        String params = scenarioKind().paramsText(scenario);
        return params.isEmpty() ? scenario.name() : scenario.name() + " " + params;
    }

    /** Whether every mount can be recorded: only virtual threads on our own carrier pool. */
    public boolean recordsMounts() {
        return threadKind == ThreadKind.VIRTUAL && scheduler == SchedulerKind.POOL;
    }
}
