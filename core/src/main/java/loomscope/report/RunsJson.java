package loomscope.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.recording.RunSummary;

/**
 * Reads runs back from what {@code loomscope run --json} prints: one object, an array of them, or one
 * object per line (several runs appended to one file). An optional {@code finishedAt} (ISO instant)
 * and {@code jvmFlags} (array of strings, e.g. legacy locking) per object are kept, and {@code carriersLowered}
 * (true when the window lowered the run's carriers; absent reads as false, as in files written before the window
 * said so, and as in every CLI run); other extra fields (the ratios) are ignored.
 */
public final class RunsJson {
    private RunsJson() { }

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true);

    /** One JSON object per line, as {@code run --json} prints them, plus {@code finishedAt}: {@link #read} reads it back. */
    public static String toJsonLines(List<HistoryEntry> runs) {
        StringBuilder out = new StringBuilder();
        for (HistoryEntry run : runs) {
            ObjectNode node = MAPPER.valueToTree(run.summary());
            if (run.finishedAt() != null) {
                node.put("finishedAt", run.finishedAt().toString());
            }
            if (run.carriersLowered()) {
                node.put("carriersLowered", true);
            }
            if (!run.jvmFlags().isEmpty()) {
                // without them a legacy-locking run reads back as a plain JDK 25 run that pinned
                run.jvmFlags().forEach(node.putArray("jvmFlags")::add);
            }
            out.append(node).append('\n');
        }
        return out.toString();
    }

    /** More runs than any history keeps; a file with more is not one LoomScope wrote. */
    public static final int MAX_RUNS = 10_000;

    public static List<HistoryEntry> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no such file: " + file);
        }
        List<HistoryEntry> runs = new ArrayList<>();
        try (MappingIterator<JsonNode> values = MAPPER.readerFor(JsonNode.class).readValues(file.toFile())) {
            while (values.hasNextValue()) {
                JsonNode node = values.nextValue();
                if (node.isArray()) {
                    for (JsonNode element : node) {
                        runs.add(entry(element, file, runs.size() + 1));
                    }
                } else {
                    runs.add(entry(node, file, runs.size() + 1));
                }
                if (runs.size() > MAX_RUNS) {
                    throw new IOException(file + " holds more than " + MAX_RUNS + " runs");
                }
            }
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new IOException(file + " is not the JSON that `loomscope run --json` writes: "
                    + e.getOriginalMessage(), e);
        }
        if (runs.isEmpty()) {
            throw new IOException(file + " holds no runs");
        }
        return runs;
    }

    private static HistoryEntry entry(JsonNode node, Path file, int number) throws IOException {
        if (!(node instanceof ObjectNode object)) {
            throw new IOException(file + ": run " + number + " is not a JSON object");
        }
        for (String required : List.of("jdkVersion", "lock", "parallelism", "threads", "wallMillis")) {
            if (!object.hasNonNull(required)) {
                throw new IOException(file + ": run " + number + " has no \"" + required + "\"");
            }
        }
        Instant finishedAt = null;
        if (object.hasNonNull("finishedAt")) {
            try {
                finishedAt = Instant.parse(object.get("finishedAt").asText());
            } catch (java.time.format.DateTimeParseException e) {
                throw new IOException(file + ": run " + number + " has a finishedAt that is not an ISO instant", e);
            }
        }
        // fields a summary always has but an older or hand-written file may lack: absent means unknown
        for (String unknownCount : List.of("pinnedMounts", "mounts", "carriersUsed", "carriersAddedByPool", "pinnedThreads")) {
            if (!object.has(unknownCount)) {
                object.put(unknownCount, -1);
            }
        }
        List<String> jvmFlags = new ArrayList<>();
        if (object.hasNonNull("jvmFlags")) {
            JsonNode flags = object.get("jvmFlags");
            if (!flags.isArray()) {
                throw new IOException(file + ": run " + number + " has jvmFlags that are not an array of strings");
            }
            for (JsonNode flag : flags) {
                if (!flag.isTextual()) {
                    throw new IOException(file + ": run " + number + " has jvmFlags that are not an array of strings");
                }
                jvmFlags.add(flag.asText());
            }
        }
        JsonNode lowered = object.path("carriersLowered");
        if (!lowered.isMissingNode() && !lowered.isNull() && !lowered.isBoolean()) {   // null: absent, as above
            throw new IOException(file + ": run " + number + " has a carriersLowered that is not true or false");
        }
        boolean carriersLowered = lowered.asBoolean(false);
        String flagsProblem = SavedRunValues.jvmFlagsProblem(jvmFlags);
        if (flagsProblem != null) {
            throw new IOException(file + ": run " + number + ": " + flagsProblem);
        }
        object.remove("finishedAt");
        object.remove("jvmFlags");
        object.remove("carriersLowered");
        String problem = SavedRunValues.problem(withDefaults(object));
        if (problem != null) {
            throw new IOException(file + ": run " + number + ": " + problem);
        }
        RunSummary summary = MAPPER.treeToValue(object, RunSummary.class);
        return new HistoryEntry(summary, finishedAt, jvmFlags, carriersLowered);
    }

    private static ObjectNode withDefaults(ObjectNode o) {
        putIfAbsent(o, "scheduler", "pool");
        putIfAbsent(o, "threadKind", "virtual");
        if (!o.has("completed")) {
            o.set("completed", o.get("threads"));
        }
        for (String zero : List.of("cpuIterations", "sleepMillis", "cpuMillisPerTask", "sleepMillisMeasured",
                "boundPinnedMillis", "boundUnpinnedMillis", "maxLockHolders")) {
            if (!o.has(zero)) {
                o.put(zero, 0);
            }
        }
        if (!o.has("cancelled")) {
            o.put("cancelled", false);
        }
        return o;
    }

    private static void putIfAbsent(ObjectNode o, String field, String value) {
        if (!o.has(field)) {
            o.put(field, value);
        }
    }
}
