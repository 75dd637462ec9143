package loomscope.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one rule book for a run's parameters. Every surface that takes them from a person or a file (the CLI,
 * {@code export --from}, the window, the talk track, the child runner) checks them here, so a value refused on
 * one path is refused on all; {@link WorkloadConfig} enforces the absolute limits on construction. A surface
 * may ask for a lower maximum N ({@link #WINDOW_MAX_THREADS}), never a higher one.
 */
public final class RunLimits {
    private RunLimits() { }

    /** Headless runs of 1,000,000 virtual threads are a supported feature; 2,000,000 is the ceiling everywhere. */
    public static final int MAX_THREADS = 2_000_000;
    /** The window draws every thread: above this its lanes stop being readable and its memory grows past reason. */
    public static final int WINDOW_MAX_THREADS = 100_000;
    /**
     * One OS thread per task: Linux caps a host's threads (pid_max, 32,768 by default; threads-max; cgroup pids.max)
     * far below {@link #MAX_THREADS}, and hitting that cap fails the run halfway with OutOfMemoryError.
     */
    public static final int MAX_PLATFORM_THREADS = 10_000;
    public static final int MAX_PARALLELISM = 64;
    public static final int MAX_CPU_ITERATIONS = 100_000_000;
    public static final int MAX_SLEEP_MILLIS = 60_000;
    /** The highest in-process snapshot (or child HotSpot dump) rate offered anywhere. */
    public static final double MAX_SNAPSHOT_RATE_HZ = 10.0;

    /** A parameter, with the names each surface calls it by. */
    public enum Field {
        THREADS("--threads", "threads", "threads"),
        CPU_ITERATIONS("--cpu-iterations", "cpuIterations", "CPU iterations"),
        SLEEP_MILLIS("--sleep-ms", "sleepMillis", "sleep ms"),
        PARALLELISM("--parallelism", "parallelism", "parallelism"),
        LOCK_MODE("--lock", "lock", "lock mode"),
        SCHEDULER("--scheduler", "scheduler", "scheduler"),
        THREAD_KIND("--thread-kind", "threadKind", "thread kind"),
        SNAPSHOT_RATE("--snapshot-rate", "snapshotRateHz", "snapshot rate"),
        SCENARIO("--scenario", "scenario", "scenario"),
        /** A scenario's own parameter: its rule starts with the parameter's name ("wait-ms must be ..."). */
        PARAM("--param", "params", "parameter");

        private final String cliOption;
        private final String jsonName;
        private final String label;

        Field(String cliOption, String jsonName, String label) {
            this.cliOption = cliOption;
            this.jsonName = jsonName;
            this.label = label;
        }

        /** For a person, in a window or a log: "sleep ms". */
        public String label() { return label; }

        public String cliOption() { return cliOption; }

        public String jsonName() { return jsonName; }
    }

    /** One refused value: {@code rule} reads after the field's name, e.g. "must be 1..64, was 0". */
    public record Problem(Field field, String rule) {
        /** One line naming the field as {@code name}: "--parallelism must be 1..64, was 0". */
        public String message(String name) {
            return name + " " + rule;
        }

        /** As the command line names it. */
        public String cliMessage() {
            return message(field.cliOption());
        }
    }

    /**
     * Refused parameters; its message is one line naming the first offending field by its {@link Field#label()};
     * a surface names it its own way with {@code first().message(...)} (the CLI: {@link Problem#cliMessage()}).
     */
    public static final class InvalidRunException extends IllegalArgumentException {
        private final transient List<Problem> problems;

        public InvalidRunException(List<Problem> problems) {
            super(problems.get(0).message(problems.get(0).field().label()));
            this.problems = List.copyOf(problems);
        }

        public Problem first() { return problems.get(0); }

        public List<Problem> problems() { return problems; }
    }

    /** Everything wrong with these parameters for a surface that allows at most {@code maxThreads}; empty if none. */
    public static List<Problem> problems(int threads, int cpuIterations, int sleepMillis, int parallelism,
                                         LockMode lockMode, SchedulerKind scheduler, ThreadKind threadKind,
                                         int maxThreads) {
        List<Problem> problems = new ArrayList<>();
        int max = Math.min(maxThreads, MAX_THREADS);
        if (threadKind == ThreadKind.PLATFORM && max > MAX_PLATFORM_THREADS) {
            if (threads < 1 || threads > MAX_PLATFORM_THREADS) {
                problems.add(new Problem(Field.THREADS, "must be 1.." + count(MAX_PLATFORM_THREADS)
                        + " for platform threads (one OS thread each; hosts cap threads far lower than virtual threads, "
                        + "e.g. pid_max 32,768), was " + count(threads)));
            }
        } else if (threads < 1 || threads > max) {
            problems.add(new Problem(Field.THREADS, "must be 1.." + count(max) + ", was " + count(threads)));
        }
        range(problems, Field.CPU_ITERATIONS, cpuIterations, 0, MAX_CPU_ITERATIONS);
        range(problems, Field.SLEEP_MILLIS, sleepMillis, 0, MAX_SLEEP_MILLIS);
        range(problems, Field.PARALLELISM, parallelism, 1, MAX_PARALLELISM);
        if (lockMode == null) {
            problems.add(new Problem(Field.LOCK_MODE, "is required; allowed: " + LockMode.allowedNames()));
        }
        if (scheduler == null) {
            problems.add(new Problem(Field.SCHEDULER, "is required; allowed: pool, default"));
        }
        if (threadKind == null) {
            problems.add(new Problem(Field.THREAD_KIND, "is required; allowed: virtual, platform"));
        }
        return problems;
    }

    /**
     * Everything wrong with a run's shape (threads, parallelism, scheduler, thread kind) for a surface that allows at
     * most {@code maxThreads}; a scenario's own values are checked by its parameters ({@code scenario.ScenarioParam}).
     */
    public static List<Problem> problems(int threads, int parallelism, SchedulerKind scheduler, ThreadKind threadKind,
                                         int maxThreads) {
        return problems(threads, 0, 0, parallelism, LockMode.NONE, scheduler, threadKind, maxThreads);
    }

    /** {@link #problems(int, int, SchedulerKind, ThreadKind, int)} of a built config. */
    public static List<Problem> problems(WorkloadConfig c, int maxThreads) {
        return problems(c.threads(), c.parallelism(), c.scheduler(), c.threadKind(), maxThreads);
    }

    /** Throws {@link InvalidRunException} unless the config suits a surface allowing at most {@code maxThreads}. */
    public static WorkloadConfig check(WorkloadConfig config, int maxThreads) {
        throwIfAny(problems(config, maxThreads));
        return config;
    }

    /** The snapshot (or child dump) rate: more than 0 and at most {@link #MAX_SNAPSHOT_RATE_HZ} per second. */
    public static List<Problem> snapshotRateProblems(double hz) {
        if (hz > 0 && hz <= MAX_SNAPSHOT_RATE_HZ) {   // false for NaN
            return List.of();
        }
        return List.of(new Problem(Field.SNAPSHOT_RATE, "must be more than 0 and at most "
                + number(MAX_SNAPSHOT_RATE_HZ) + " per second, was " + number(hz)));
    }

    public static double checkSnapshotRate(double hz) {
        throwIfAny(snapshotRateProblems(hz));
        return hz;
    }

    public static void throwIfAny(List<Problem> problems) {
        if (!problems.isEmpty()) {
            throw new InvalidRunException(problems);
        }
    }

    private static void range(List<Problem> problems, Field field, int value, int min, int max) {
        if (value < min || value > max) {
            problems.add(new Problem(field, "must be " + count(min) + ".." + count(max) + ", was " + count(value)));
        }
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? count((long) v) : String.valueOf(v);
    }
}
