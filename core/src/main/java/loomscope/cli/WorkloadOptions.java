package loomscope.cli;

import java.util.function.Supplier;

import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The workload's knobs, shared by {@code run} and {@code bench}; defaults are the seeds' experiment. */
final class WorkloadOptions {
    @Option(names = "--threads", paramLabel = "N", description = "Tasks (threads) to launch: 1..2,000,000 virtual, 1..10,000 platform (one OS thread each). "
                    + "Default: ${DEFAULT-VALUE}.")
    int threads = 5_000;

    @Option(names = "--cpu-iterations", paramLabel = "K", description = "sin*cos iterations per task. Default: ${DEFAULT-VALUE}.")
    int cpuIterations = 10_000;

    @Option(names = "--sleep-ms", paramLabel = "S", description = "Sleep inside the lock, ms. Default: ${DEFAULT-VALUE}.")
    int sleepMillis = 5;

    @Option(names = "--scheduler", paramLabel = "pool|default", converter = SchedulerConverter.class,
            description = "pool: our named, recorded carriers; default: the JDK's scheduler (timing only). Default: pool.")
    SchedulerKind scheduler = SchedulerKind.POOL;

    @Option(names = "--thread-kind", paramLabel = "virtual|platform", converter = ThreadKindConverter.class,
            description = "virtual, or one platform thread per task. Default: virtual.")
    ThreadKind threadKind = ThreadKind.VIRTUAL;

    WorkloadConfig config(LockMode lock, int parallelism) {
        return SeedScenario.config(threads, cpuIterations, sleepMillis, lock, parallelism, scheduler, threadKind);
    }

    static final class LockConverter implements ITypeConverter<LockMode> {
        @Override public LockMode convert(String value) { return convertOrExplain(() -> LockMode.fromCliName(value)); }
    }

    static final class SchedulerConverter implements ITypeConverter<SchedulerKind> {
        @Override public SchedulerKind convert(String value) { return convertOrExplain(() -> SchedulerKind.fromCliName(value)); }
    }

    static final class ThreadKindConverter implements ITypeConverter<ThreadKind> {
        @Override public ThreadKind convert(String value) { return convertOrExplain(() -> ThreadKind.fromCliName(value)); }
    }

    /** picocli prints a TypeConversionException's message as is: one line, our words. */
    private static <T> T convertOrExplain(Supplier<T> conversion) {
        try {
            return conversion.get();
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
