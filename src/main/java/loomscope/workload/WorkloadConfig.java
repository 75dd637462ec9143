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

    public static final int MAX_THREADS = 2_000_000;
    public static final int MAX_PARALLELISM = 64;
    public static final int MAX_CPU_ITERATIONS = 100_000_000;
    public static final int MAX_SLEEP_MILLIS = 60_000;

    /** The seeds' experiment: 5,000 virtual threads, 10,000 iterations, 5 ms, per-task lock, one carrier. */
    public static WorkloadConfig seed() {
        return new WorkloadConfig(5_000, 10_000, 5, LockMode.SYNCHRONIZED, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    public WorkloadConfig {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1.." + MAX_THREADS + ", was " + threads);
        }
        if (cpuIterations < 0 || cpuIterations > MAX_CPU_ITERATIONS) {
            throw new IllegalArgumentException("cpu iterations must be 0.." + MAX_CPU_ITERATIONS + ", was " + cpuIterations);
        }
        if (sleepMillis < 0 || sleepMillis > MAX_SLEEP_MILLIS) {
            throw new IllegalArgumentException("sleep ms must be 0.." + MAX_SLEEP_MILLIS + ", was " + sleepMillis);
        }
        if (parallelism < 1 || parallelism > MAX_PARALLELISM) {
            throw new IllegalArgumentException("parallelism must be 1.." + MAX_PARALLELISM + ", was " + parallelism);
        }
        if (lockMode == null || scheduler == null || threadKind == null) {
            throw new IllegalArgumentException("lock mode, scheduler and thread kind are required");
        }
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
