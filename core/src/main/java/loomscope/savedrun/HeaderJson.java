package loomscope.savedrun;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.Scenarios;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The file's header: what ran, as JSON so that a person can read it with {@code head -c 2000} and a later
 * version can add fields. Read strictly: a missing or mistyped field is named.
 */
final class HeaderJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HeaderJson() { }

    /** The run's own facts that are not in its mounts and phases. */
    record Header(RunInfo info, String jdkVersion, WorkloadConfig config, long runStart, long runEnd, int completed,
                  boolean cancelled) { }

    static String write(Header h) {
        ObjectNode root = JSON.createObjectNode();
        RunInfo info = h.info();
        root.put("loomscopeVersion", info.loomscopeVersion());
        root.put("savedAt", info.savedAt().toString());
        root.put("scenario", info.scenario());
        root.put("jdkVersion", h.jdkVersion());
        ArrayNode flags = root.putArray("jvmFlags");
        info.jvmFlags().forEach(flags::add);
        ObjectNode host = root.putObject("host");
        host.put("cores", info.hostCores());
        host.put("os", info.hostOs());
        host.put("arch", info.hostArch());
        host.put("carriersLowered", info.carriersLowered());
        WorkloadConfig c = h.config();
        ObjectNode config = root.putObject("config");
        config.put("threads", c.threads());
        config.put("cpuIterations", c.cpuIterations());
        config.put("sleepMillis", c.sleepMillis());
        config.put("lockMode", c.lockMode().name());
        config.put("parallelism", c.parallelism());
        config.put("scheduler", c.scheduler().name());
        config.put("threadKind", c.threadKind().name());
        if (!c.isSeed()) {
            // added in 0.1 without a format bump: files without it are the seed's, as they always were
            ObjectNode params = config.putObject("params");
            c.scenario().values().forEach(params::put);
        }
        ObjectNode run = root.putObject("run");
        run.put("startNanos", h.runStart());
        run.put("endNanos", h.runEnd());
        run.put("completed", h.completed());
        run.put("cancelled", h.cancelled());
        return root.toString();
    }

    static Header read(String text) throws SavedRunFormatException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new SavedRunFormatException("its header is not JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw new SavedRunFormatException("its header is not a JSON object");
        }
        JsonNode host = object(root, "host");
        JsonNode config = object(root, "config");
        JsonNode run = object(root, "run");
        RunInfo info = new RunInfo(text(root, "loomscopeVersion"), instant(root, "savedAt"), text(root, "scenario"),
                strings(root, "jvmFlags"), integer(host, "cores"), text(host, "os"), text(host, "arch"),
                bool(host, "carriersLowered"));
        WorkloadConfig workload;
        try {
            workload = new WorkloadConfig(integer(config, "threads"), integer(config, "cpuIterations"),
                    integer(config, "sleepMillis"), constant(config, "lockMode", LockMode.class),
                    integer(config, "parallelism"), constant(config, "scheduler", SchedulerKind.class),
                    constant(config, "threadKind", ThreadKind.class));
            if (!info.scenario().equals(RunInfo.SEED_SCENARIO)) {
                workload = Scenarios.config(Scenarios.byName(info.scenario()), params(config), workload.threads(),
                        workload.parallelism(), workload.scheduler(), workload.threadKind());
            }
        } catch (RunLimits.InvalidRunException e) {
            throw new SavedRunFormatException("its run parameters are impossible: " + e.getMessage());
        }
        return new Header(info, text(root, "jdkVersion"), workload, number(run, "startNanos"), number(run, "endNanos"),
                integer(run, "completed"), bool(run, "cancelled"));
    }

    /** A scenario's own parameters, text by name; none in a seed run's file. */
    private static java.util.Map<String, String> params(JsonNode config) throws SavedRunFormatException {
        java.util.Map<String, String> params = new java.util.LinkedHashMap<>();
        JsonNode node = config.get("params");
        if (node == null || node.isNull()) {
            return params;
        }
        if (!node.isObject()) {
            throw new SavedRunFormatException("its header's \"params\" is not an object");
        }
        var fields = node.fields();
        while (fields.hasNext()) {
            var e = fields.next();
            if (!e.getValue().isValueNode()) {
                throw new SavedRunFormatException("its header's parameter \"" + e.getKey() + "\" is not a value");
            }
            params.put(e.getKey(), e.getValue().asText());
        }
        return params;
    }

    private static JsonNode field(JsonNode node, String name) throws SavedRunFormatException {
        JsonNode v = node.get(name);
        if (v == null || v.isNull()) {
            throw new SavedRunFormatException("its header has no \"" + name + "\"");
        }
        return v;
    }

    private static JsonNode object(JsonNode node, String name) throws SavedRunFormatException {
        JsonNode v = field(node, name);
        if (!v.isObject()) {
            throw new SavedRunFormatException("its header's \"" + name + "\" is not an object");
        }
        return v;
    }

    private static String text(JsonNode node, String name) throws SavedRunFormatException {
        JsonNode v = field(node, name);
        if (!v.isTextual()) {
            throw new SavedRunFormatException("its header's \"" + name + "\" is not text");
        }
        return v.asText();
    }

    private static long number(JsonNode node, String name) throws SavedRunFormatException {
        JsonNode v = field(node, name);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new SavedRunFormatException("its header's \"" + name + "\" is not a whole number");
        }
        return v.asLong();
    }

    private static int integer(JsonNode node, String name) throws SavedRunFormatException {
        JsonNode v = field(node, name);
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw new SavedRunFormatException("its header's \"" + name + "\" is not a whole number");
        }
        return v.asInt();
    }

    private static boolean bool(JsonNode node, String name) throws SavedRunFormatException {
        JsonNode v = field(node, name);
        if (!v.isBoolean()) {
            throw new SavedRunFormatException("its header's \"" + name + "\" is not true or false");
        }
        return v.asBoolean();
    }

    private static Instant instant(JsonNode node, String name) throws SavedRunFormatException {
        try {
            return Instant.parse(text(node, name));
        } catch (DateTimeParseException e) {
            throw new SavedRunFormatException("its header's \"" + name + "\" is not a time");
        }
    }

    private static List<String> strings(JsonNode node, String name) throws SavedRunFormatException {
        JsonNode v = field(node, name);
        if (!v.isArray()) {
            throw new SavedRunFormatException("its header's \"" + name + "\" is not a list");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : v) {
            if (!item.isTextual()) {
                throw new SavedRunFormatException("its header's \"" + name + "\" holds something that is not text");
            }
            out.add(item.asText());
        }
        return out;
    }

    private static <E extends Enum<E>> E constant(JsonNode node, String name, Class<E> type) throws SavedRunFormatException {
        String value = text(node, name);
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException e) {
            throw new SavedRunFormatException("its header's \"" + name + "\" is " + value + ", which this LoomScope does not know");
        }
    }
}
