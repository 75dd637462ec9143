package loomscope.runs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import loomscope.scenario.Scenarios;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The child's command-line arguments, as {@code key=value}: the workload configuration, what to probe, and the
 * loopback port its stream goes to ({@link StreamChannel}).
 */
record ChildArgs(WorkloadConfig config, ProbeRequest probes, int streamPort) {

    private static final String PORT = "port=";
    /** A scenario's own parameter travels as {@code param.NAME=VALUE}. */
    private static final String PARAM = "param.";

    /** What the child polls besides recording; off for plain runs and the CLI. */
    record ProbeRequest(boolean jfrPinned, int dumpPeriodMillis, boolean jfrFirst) {
        static final ProbeRequest NONE = new ProbeRequest(false, 0, true);

        /** {@code dumpsPerSecond} 0 = none; at most 10 a second (a 5,000-thread dump takes 150-470 ms). */
        static ProbeRequest of(ChildRun.Options options) {
            double perSecond = options.dumpsPerSecond();
            return new ProbeRequest(options.jfrPinned(), perSecond <= 0 ? 0 : (int) Math.max(100, Math.round(1000 / perSecond)),
                    options.jfrFirst());
        }
    }

    List<String> toArgs() {
        List<String> args = new ArrayList<>();
        args.add("threads=" + config.threads());
        args.add("parallelism=" + config.parallelism());
        args.add("scheduler=" + config.scheduler().cliName());
        args.add("kind=" + config.threadKind().cliName());
        args.add("scenario=" + config.scenario().name());
        config.scenario().values().forEach((k, v) -> args.add(PARAM + k + "=" + v));
        args.add("jfr=" + probes.jfrPinned());
        args.add("dumpPeriodMs=" + probes.dumpPeriodMillis());
        args.add("jfrFirst=" + probes.jfrFirst());
        args.add(PORT + streamPort);
        return args;
    }

    /** The stream's port alone: read first, so that even arguments the child refuses are refused on the stream. */
    static int streamPort(String[] args) {
        for (String arg : args) {
            if (arg.startsWith(PORT)) {
                try {
                    return Integer.parseInt(arg.substring(PORT.length()));
                } catch (NumberFormatException e) {
                    break;
                }
            }
        }
        throw new IllegalArgumentException("missing or bad " + PORT);
    }

    /** @throws IllegalArgumentException naming the bad argument */
    static ChildArgs parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got '" + arg + "'");
            }
            values.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        Map<String, String> params = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (k.startsWith(PARAM)) {
                params.put(k.substring(PARAM.length()), v);
            }
        });
        WorkloadConfig config = Scenarios.config(Scenarios.byName(required(values, "scenario")), params,
                intOf(values, "threads"), intOf(values, "parallelism"),
                SchedulerKind.fromCliName(required(values, "scheduler")), ThreadKind.fromCliName(required(values, "kind")));
        ProbeRequest probes = new ProbeRequest(Boolean.parseBoolean(values.getOrDefault("jfr", "false")),
                Integer.parseInt(values.getOrDefault("dumpPeriodMs", "0")),
                Boolean.parseBoolean(values.getOrDefault("jfrFirst", "true")));
        return new ChildArgs(config, probes, streamPort(args));
    }

    private static String required(Map<String, String> values, String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("missing " + key + "=");
        }
        return v;
    }

    private static int intOf(Map<String, String> values, String key) {
        try {
            return Integer.parseInt(required(values, key));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, was '" + values.get(key) + "'");
        }
    }
}
