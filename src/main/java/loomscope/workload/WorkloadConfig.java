package loomscope.workload;

/**
 * One experiment: N tasks, each doing {@code cpuIterations} of sin*cos, then sleeping {@code sleepMillis}
 * inside the section that {@code lockMode} describes, on {@code parallelism} carriers.
 */
public record WorkloadConfig(
        int threads,
        int cpuIterations,
        int sleepMillis,
        LockMode lockMode,
        int parallelism,
        SchedulerKind scheduler,
        ThreadKind threadKind) {

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
    }

    /** @throws RunLimits.InvalidRunException if a surface that allows at most {@code maxThreads} must refuse it */
    public WorkloadConfig validate(int maxThreads) {
        return RunLimits.check(this, maxThreads);
    }

    public WorkloadConfig withThreads(int n) {
        return new WorkloadConfig(n, cpuIterations, sleepMillis, lockMode, parallelism, scheduler, threadKind);
    }

    public WorkloadConfig withLockMode(LockMode mode) {
        return new WorkloadConfig(threads, cpuIterations, sleepMillis, mode, parallelism, scheduler, threadKind);
    }

    public WorkloadConfig withParallelism(int p) {
        return new WorkloadConfig(threads, cpuIterations, sleepMillis, lockMode, p, scheduler, threadKind);
    }

    public WorkloadConfig withCpuIterations(int k) {
        return new WorkloadConfig(threads, k, sleepMillis, lockMode, parallelism, scheduler, threadKind);
    }

    public WorkloadConfig withSleepMillis(int s) {
        return new WorkloadConfig(threads, cpuIterations, s, lockMode, parallelism, scheduler, threadKind);
    }

    public WorkloadConfig withScheduler(SchedulerKind s) {
        return new WorkloadConfig(threads, cpuIterations, sleepMillis, lockMode, parallelism, s, threadKind);
    }

    public WorkloadConfig withThreadKind(ThreadKind k) {
        return new WorkloadConfig(threads, cpuIterations, sleepMillis, lockMode, parallelism, scheduler, k);
    }

    /** Whether every mount can be recorded: only virtual threads on our own carrier pool. */
    public boolean recordsMounts() {
        return threadKind == ThreadKind.VIRTUAL && scheduler == SchedulerKind.POOL;
    }
}
