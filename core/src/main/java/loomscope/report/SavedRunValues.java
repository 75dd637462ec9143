package loomscope.report;

import java.util.List;
import java.util.Locale;

import loomscope.json.JsonProblem;
import loomscope.recording.RunSummary;
import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;

/**
 * The values of one run read back from a runs file, held to the rules a run's parameters obey
 * ({@link RunLimits}) and to what a real run can measure. A card says "measured on real carriers": a
 * negative thread count, a time of 1e308 ms or a lock mode that does not exist cannot be drawn on it.
 */
final class SavedRunValues {
    private SavedRunValues() { }

    /** Longer than any run we support (2,000,000 pinned 60 s sleeps on 64 carriers take ~22 days). */
    static final double MAX_MILLIS = 1e11;
    static final long MAX_COUNT = 1_000_000_000_000L;
    static final int MAX_JDK_VERSION_CHARS = 64;
    static final int MAX_JVM_FLAGS = 16;
    static final int MAX_JVM_FLAG_CHARS = 200;
    /** Carriers a pool can use: P plus the ones it adds to compensate blocked carriers (the JDK caps those at 256). */
    static final int MAX_CARRIERS = RunLimits.MAX_PARALLELISM + 256;

    /** What is wrong with the run (one line naming the field), or null; its types were checked as it was bound. */
    static String problem(RunSummary s) {
        String parameters = parameters(s);
        if (parameters != null) {
            return parameters;
        }
        if (!(s.wallMillis() > 0 && s.wallMillis() <= MAX_MILLIS)) {
            return quoted("wallMillis") + " must be more than 0 and at most " + count((long) MAX_MILLIS) + ", was " + shown(s.wallMillis());
        }
        String millis = millis("wallMillis", s.wallMillis());
        millis = millis != null ? millis : millis("cpuMillisPerTask", s.cpuMillisPerTask());
        millis = millis != null ? millis : millis("sleepMillisMeasured", s.sleepMillisMeasured());
        millis = millis != null ? millis : millis("boundPinnedMillis", s.boundPinnedMillis());
        millis = millis != null ? millis : millis("boundUnpinnedMillis", s.boundUnpinnedMillis());
        if (millis != null) {
            return millis;
        }
        int threads = s.threads();
        String counts = within("completed", s.completed(), 0, threads);
        counts = counts != null ? counts : within("pinnedThreads", s.pinnedThreads(), -1, threads);
        counts = counts != null ? counts : within("maxLockHolders", s.maxLockHolders(), 0, threads);
        counts = counts != null ? counts : within("carriersUsed", s.carriersUsed(), -1, MAX_CARRIERS);
        counts = counts != null ? counts : within("carriersAddedByPool", s.carriersAddedByPool(), -1, MAX_CARRIERS);
        counts = counts != null ? counts : within("mounts", s.mounts(), -1, MAX_COUNT);
        counts = counts != null ? counts : within("pinnedMounts", s.pinnedMounts(), -1, MAX_COUNT);
        return counts != null ? counts : jdkVersion(s.jdkVersion());
    }

    /** {@code s} with its lock, scheduler and thread kind as the CLI names them (a file may spell them otherwise). */
    static RunSummary inCliNames(RunSummary s) {
        return new RunSummary(s.jdkVersion(), LockMode.fromCliName(s.lock()).cliName(), s.parallelism(), s.threads(),
                SchedulerKind.fromCliName(s.scheduler()).cliName(), ThreadKind.fromCliName(s.threadKind()).cliName(),
                s.cpuIterations(), s.sleepMillis(), s.completed(), s.cancelled(), s.wallMillis(), s.cpuMillisPerTask(),
                s.sleepMillisMeasured(), s.boundPinnedMillis(), s.boundUnpinnedMillis(), s.mounts(), s.pinnedMounts(),
                s.pinnedThreads(), s.carriersUsed(), s.carriersAddedByPool(), s.maxLockHolders());
    }

    /** The jvmFlags a runs file may hold: a few short, printable flags. */
    static String jvmFlagsProblem(List<String> flags) {
        if (flags.size() > MAX_JVM_FLAGS) {
            return quoted("jvmFlags") + " must hold at most " + MAX_JVM_FLAGS + " flags, held " + flags.size();
        }
        for (String flag : flags) {
            if (flag.isBlank() || flag.length() > MAX_JVM_FLAG_CHARS || flag.chars().anyMatch(Character::isISOControl)) {
                return quoted("jvmFlags") + " must be flags of 1.." + MAX_JVM_FLAG_CHARS + " printable characters";
            }
        }
        return null;
    }

    /** The run's parameters by the one rule book every surface uses. */
    private static String parameters(RunSummary s) {
        LockMode lock;
        SchedulerKind scheduler;
        ThreadKind kind;
        try {
            lock = LockMode.fromCliName(s.lock());
        } catch (IllegalArgumentException e) {
            return quoted("lock") + ": " + JsonProblem.clipped(e.getMessage());
        }
        try {
            scheduler = SchedulerKind.fromCliName(s.scheduler());
        } catch (IllegalArgumentException e) {
            return quoted("scheduler") + ": " + JsonProblem.clipped(e.getMessage());
        }
        try {
            kind = ThreadKind.fromCliName(s.threadKind());
        } catch (IllegalArgumentException e) {
            return quoted("threadKind") + ": " + JsonProblem.clipped(e.getMessage());
        }
        List<RunLimits.Problem> problems = RunLimits.problems(s.threads(), s.cpuIterations(), s.sleepMillis(),
                s.parallelism(), lock, scheduler, kind, RunLimits.MAX_THREADS);
        if (problems.isEmpty()) {
            return null;
        }
        RunLimits.Problem p = problems.get(0);
        return p.message(quoted(p.field().jsonName()));
    }

    private static String jdkVersion(String version) {
        if (version.length() > MAX_JDK_VERSION_CHARS) {
            return quoted("jdkVersion") + " must be a Java version of at most " + MAX_JDK_VERSION_CHARS + " characters";
        }
        try {
            Runtime.Version parsed = Runtime.Version.parse(version);
            if (parsed.feature() < 21) {
                return quoted("jdkVersion") + " must be 21 or newer (virtual threads), was " + version;
            }
            return null;
        } catch (IllegalArgumentException e) {
            return quoted("jdkVersion") + " is not a Java version: " + JsonProblem.clipped(version);
        }
    }

    private static String millis(String field, double v) {
        return v >= 0 && v <= MAX_MILLIS ? null : quoted(field) + " must be 0.." + count((long) MAX_MILLIS) + ", was " + shown(v);
    }

    private static String within(String field, long v, long min, long max) {
        return v >= min && v <= max ? null : quoted(field) + " must be " + count(min) + ".." + count(max) + ", was " + count(v);
    }

    private static String quoted(String field) {
        return "\"" + field + "\"";
    }

    /** A time as the file would show it: 520.5, 1.0E300, -1 rather than -1.0. */
    private static String shown(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
