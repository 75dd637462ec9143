package loomscope.report;

import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    private static final List<String> INTS = List.of("threads", "parallelism", "cpuIterations", "sleepMillis",
            "completed", "pinnedThreads", "carriersUsed", "carriersAddedByPool", "maxLockHolders");
    private static final List<String> LONGS = List.of("mounts", "pinnedMounts");
    private static final List<String> MILLIS = List.of("wallMillis", "cpuMillisPerTask", "sleepMillisMeasured",
            "boundPinnedMillis", "boundUnpinnedMillis");
    private static final List<String> TEXTS = List.of("jdkVersion", "lock", "scheduler", "threadKind");

    /** What is wrong with the run (one line naming the field), or null; {@code o} has its defaults filled in. */
    static String problem(ObjectNode o) {
        for (String f : INTS) {
            if (!o.get(f).isIntegralNumber() || !o.get(f).canConvertToInt()) {
                return quoted(f) + " must be a whole number, was " + shown(o.get(f));
            }
        }
        for (String f : LONGS) {
            if (!o.get(f).isIntegralNumber() || !o.get(f).canConvertToLong()) {
                return quoted(f) + " must be a whole number, was " + shown(o.get(f));
            }
        }
        for (String f : MILLIS) {
            if (!o.get(f).isNumber()) {
                return quoted(f) + " must be a number, was " + shown(o.get(f));
            }
        }
        for (String f : TEXTS) {
            if (!o.get(f).isTextual()) {
                return quoted(f) + " must be a string, was " + shown(o.get(f));
            }
        }
        if (!o.get("cancelled").isBoolean()) {
            return quoted("cancelled") + " must be true or false, was " + shown(o.get("cancelled"));
        }
        String parameters = parameters(o);
        if (parameters != null) {
            return parameters;
        }
        int threads = o.get("threads").intValue();
        double wall = o.get("wallMillis").doubleValue();
        if (!(wall > 0 && wall <= MAX_MILLIS)) {
            return quoted("wallMillis") + " must be more than 0 and at most " + count((long) MAX_MILLIS) + ", was " + shown(o.get("wallMillis"));
        }
        for (String f : MILLIS) {
            double v = o.get(f).doubleValue();
            if (!(v >= 0 && v <= MAX_MILLIS)) {
                return quoted(f) + " must be 0.." + count((long) MAX_MILLIS) + ", was " + shown(o.get(f));
            }
        }
        String counts = within(o, "completed", 0, threads);
        counts = counts != null ? counts : within(o, "pinnedThreads", -1, threads);
        counts = counts != null ? counts : within(o, "maxLockHolders", 0, threads);
        counts = counts != null ? counts : within(o, "carriersUsed", -1, MAX_CARRIERS);
        counts = counts != null ? counts : within(o, "carriersAddedByPool", -1, MAX_CARRIERS);
        counts = counts != null ? counts : within(o, "mounts", -1, MAX_COUNT);
        counts = counts != null ? counts : within(o, "pinnedMounts", -1, MAX_COUNT);
        return counts != null ? counts : jdkVersion(o.get("jdkVersion").textValue());
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
    private static String parameters(ObjectNode o) {
        LockMode lock;
        SchedulerKind scheduler;
        ThreadKind kind;
        try {
            lock = LockMode.fromCliName(o.get("lock").textValue());
        } catch (IllegalArgumentException e) {
            return quoted("lock") + ": " + clipped(e.getMessage());
        }
        try {
            scheduler = SchedulerKind.fromCliName(o.get("scheduler").textValue());
        } catch (IllegalArgumentException e) {
            return quoted("scheduler") + ": " + clipped(e.getMessage());
        }
        try {
            kind = ThreadKind.fromCliName(o.get("threadKind").textValue());
        } catch (IllegalArgumentException e) {
            return quoted("threadKind") + ": " + clipped(e.getMessage());
        }
        List<RunLimits.Problem> problems = RunLimits.problems(o.get("threads").intValue(), o.get("cpuIterations").intValue(),
                o.get("sleepMillis").intValue(), o.get("parallelism").intValue(), lock, scheduler, kind,
                RunLimits.MAX_THREADS);
        if (!problems.isEmpty()) {
            RunLimits.Problem p = problems.get(0);
            return p.message(quoted(p.field().jsonName()));
        }
        o.put("lock", lock.cliName());
        o.put("scheduler", scheduler.cliName());
        o.put("threadKind", kind.cliName());
        return null;
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
            return quoted("jdkVersion") + " is not a Java version: " + clipped(version);
        }
    }

    private static String within(ObjectNode o, String field, long min, long max) {
        long v = o.get(field).longValue();
        return v >= min && v <= max ? null : quoted(field) + " must be " + count(min) + ".." + count(max) + ", was " + count(v);
    }

    private static String quoted(String field) {
        return "\"" + field + "\"";
    }

    private static String shown(JsonNode value) {
        return clipped(value.toString());
    }

    /** A file's value in a message: short, and on one line. */
    private static String clipped(String text) {
        String line = text.replaceAll("\\p{Cntrl}", " ");
        return line.length() > 40 ? line.substring(0, 40) + "…" : line;
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
