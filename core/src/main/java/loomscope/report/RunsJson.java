package loomscope.report;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import loomscope.json.JsonProblem;
import loomscope.json.StrictJson;
import loomscope.probe.CauseReport;
import loomscope.probe.SiteTable;
import loomscope.recording.RunSummary;
import loomscope.workload.LockMode;

/**
 * Reads runs back from what {@code loomscope run --json} prints: one object, an array of them, or one
 * object per line (several runs appended to one file). Each object is bound to a {@link RunSummary} and
 * {@link Extras} ({@link StrictJson}: a mistyped field is named); what {@code run --json} prints beside the summary
 * (ratios, probes, the scenario) is listed in {@link WrittenNotRead} and skipped, any other field is refused.
 */
public final class RunsJson {
    private RunsJson() { }

    private static final ObjectMapper MAPPER = StrictJson.mapper().addMixIn(RunSummary.class, WrittenNotRead.class);

    /**
     * What the history keeps beside the summary: when it finished, the JVM's flags (e.g. legacy locking) and
     * whether the window lowered its carriers; each may be absent or null (files written before it was kept, and
     * every CLI run).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)   // the summary's fields: bound and checked as a RunSummary
    record Extras(@JsonSetter(nulls = Nulls.SKIP) Instant finishedAt, @JsonSetter(nulls = Nulls.SKIP) List<String> jvmFlags,
                  @JsonSetter(nulls = Nulls.SKIP) Boolean carriersLowered, @JsonSetter(nulls = Nulls.SKIP) Long unsureMounts,
                  @JsonSetter(nulls = Nulls.SKIP) Long capturedMounts, @JsonSetter(nulls = Nulls.SKIP) Long stalledMounts,
                  @JsonSetter(nulls = Nulls.SKIP) List<SiteJson> sites, @JsonSetter(nulls = Nulls.SKIP) String source,
                  @JsonSetter(nulls = Nulls.SKIP) String mainClass) { }

    /** Where a run came from, as the files name it ({@code recording.RunSource#exportName}). */
    static final List<String> SOURCES = List.of("scenario", "child", "task-file", HistoryEntry.APPLICATION);

    /**
     * What an application's run has none of: LoomScope did not run its tasks, so it has no lock, no task counts or CPU
     * work, no sleep and no bounds; its scheduler is its own. Absent from its JSON, not 0 (issue #45).
     */
    static final List<String> NOT_AN_APPLICATIONS = List.of("lock", "scheduler", "cpuIterations", "sleepMillis", "completed",
            "cancelled", "cpuMillisPerTask", "sleepMillisMeasured", "boundPinnedMillis", "boundUnpinnedMillis",
            "maxLockHolders");

    /**
     * A site as {@code run --json} writes it ({@link CauseReport.Site}); only its reason may be null, and a file written
     * before sites counted their reasons has no {@code reasons}: its one reason stands for all its mounts.
     */
    record SiteJson(String frame, String kind, @JsonSetter(nulls = Nulls.SKIP) String reason, int count, double heldMillis,
                    double longestMillis, @JsonSetter(nulls = Nulls.SKIP) List<ReasonJson> reasons) {
        CauseReport.Site site() {
            return reasons == null ? new CauseReport.Site(frame, kind, reason, count, heldMillis, longestMillis)
                    : new CauseReport.Site(frame, kind, reason, count, heldMillis, longestMillis,
                            reasons.stream().map(ReasonJson::toReason).toList());
        }
    }

    /** One of a site's reasons ({@link CauseReport.Reason}). */
    record ReasonJson(String reason, int count, @JsonSetter(nulls = Nulls.SKIP) List<String> examples) {
        CauseReport.Reason toReason() {
            return new CauseReport.Reason(reason, count, examples == null ? List.of() : examples);
        }
    }

    /** The fields {@code run --json} writes beside the summary that a runs file does not keep. */
    @JsonIgnoreProperties({"finishedAt", "jvmFlags", "carriersLowered", "unsureMounts",   // bound as Extras
            "capturedMounts", "stalledMounts", "sites", "source", "mainClass",
            "causesClassified", "causesNote", "causesNotClassifiedBecause", "tasksThrew", "firstThrow", "scenario", "params", "rate", "rateUnit", "ratioToBoundUnpinned", "ratioToBoundPinned",
            "probes", "snapshotRateHz", "snapshots", "snapshotMillisMean", "snapshotAgreement", "snapshotMountedSamples",
            "snapshotMatchedSamples", "snapshotFailure", "jfrPinnedEvents", "jfrMatchedPinnedEvents", "jfrMatchedPinnedMounts",
            "jfrUnmatchedPinnedEvents", "recordedPinnedMountsWithoutJfrEvent", "jfrMatchedByCarrier", "jfrComplete",
            "jfrLagMillisMedian", "jfrLagMillisMax", "jfrClockErrorMicros", "jfrStartAfterSleepStartMicrosMedian",
            "jfrStartAfterSleepStartMicrosMaxAbs", "jfrVirtualThreadStarts", "jfrVirtualThreadEnds", "jfrSubmitFailed"})
    private interface WrittenNotRead { }

    /** One JSON object per line, as {@code run --json} prints them, plus {@code finishedAt}: {@link #read} reads it back. */
    public static String toJsonLines(List<HistoryEntry> runs) {
        StringBuilder out = new StringBuilder();
        for (HistoryEntry run : runs) {
            ObjectNode node = MAPPER.valueToTree(run.summary());
            if (run.sourceName() != null) {
                node.put("source", run.sourceName());
            }
            if (run.application() != null) {
                node.put("mainClass", run.application().mainClass());
                NOT_AN_APPLICATIONS.forEach(node::remove);
            }
            if (run.finishedAt() != null) {
                node.put("finishedAt", run.finishedAt().toString());
            }
            if (run.carriersLowered()) {
                node.put("carriersLowered", true);
            }
            if (run.unsureMounts() > 0) {
                node.put("unsureMounts", run.unsureMounts());
            }
            if (run.held() != null) {
                node.put("capturedMounts", run.held().captured());
                node.put("stalledMounts", run.held().stalled());
                node.set("sites", MAPPER.valueToTree(run.held().sites()));
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
        } catch (JacksonException e) {
            throw new IOException(file + " is not the JSON that `loomscope run --json` writes: "
                    + JsonProblem.clipped(e.getOriginalMessage()), e);
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
        boolean application = object.has("source") && HistoryEntry.APPLICATION.equals(object.get("source").asText());
        if (application) {
            // what an application has none of is absent: read back as the window keeps an attached session's
            putIfAbsent(object, "lock", object.textNode(ATTACHED_LOCK));   // checked as the seed's default, kept as is
            putIfAbsent(object, "completed", object.numberNode(0));
            putIfAbsent(object, "cancelled", object.booleanNode(false));
        }
        withDefaults(object);
        for (RecordComponent field : RunSummary.class.getRecordComponents()) {
            // an absent field is named before a mistyped one, which Jackson would meet first in the file's order
            if (!object.has(field.getName())) {
                throw new IOException(file + ": run " + number + " has no \"" + field.getName() + "\"");
            }
        }
        Extras extras;
        RunSummary summary;
        try {
            extras = MAPPER.treeToValue(object, Extras.class);
            summary = MAPPER.treeToValue(object, RunSummary.class);
        } catch (JacksonException e) {
            JsonProblem p = JsonProblem.of(e, object);
            throw new IOException(file + ": run " + number + (p.kind() == JsonProblem.Kind.MISSING ? " " : ": ") + p.says());
        }
        List<String> jvmFlags = extras.jvmFlags() == null ? List.of() : extras.jvmFlags();
        // an application has no lock of ours: its other values are checked by the one rule book under the seed's default
        RunSummary checked = application ? withLock(summary, LockMode.SYNCHRONIZED.cliName()) : summary;
        String problem = SavedRunValues.jvmFlagsProblem(jvmFlags);
        if (problem == null) {
            problem = SavedRunValues.problem(checked);
        }
        long unsure = extras.unsureMounts() == null ? 0 : extras.unsureMounts();
        if (problem == null && (unsure < 0 || summary.mounts() >= 0 && unsure > summary.mounts())) {
            problem = "unsureMounts " + unsure + " is not a count of its " + summary.mounts() + " mounts";
        }
        if (problem == null) {
            problem = heldProblem(extras, summary.mounts());
        }
        if (problem != null) {
            throw new IOException(file + ": run " + number + ": " + problem);
        }
        HeldCauses held = extras.capturedMounts() == null && extras.stalledMounts() == null && extras.sites() == null ? null
                : new HeldCauses(orZero(extras.capturedMounts()), orZero(extras.stalledMounts()),
                        extras.sites() == null ? List.of() : extras.sites().stream().map(SiteJson::site).toList());
        if (extras.source() != null && !SOURCES.contains(extras.source())) {
            throw new IOException(file + ": run " + number + ": \"source\" is one of " + String.join(", ", SOURCES)
                    + ", not " + JsonProblem.clipped(extras.source()));
        }
        if (application && (extras.mainClass() == null || extras.mainClass().isBlank()
                || extras.mainClass().length() > MAX_SITE_TEXT)) {
            throw new IOException(file + ": run " + number + ": an application's run names its \"mainClass\"");
        }
        RunSummary kept = application ? withLock(SavedRunValues.inCliNames(checked), ATTACHED_LOCK)
                : SavedRunValues.inCliNames(summary);
        HistoryEntry entry = new HistoryEntry(kept, extras.finishedAt(), jvmFlags,
                Boolean.TRUE.equals(extras.carriersLowered()), unsure).withHeld(held).withSourceName(extras.source());
        if (application) {
            HeldCauses h = held == null ? new HeldCauses(0, 0, List.of()) : held;
            entry = entry.withApplication(new ApplicationRun(extras.mainClass(), Math.max(0, summary.carriersUsed()),
                    Math.max(0, summary.mounts()), Math.max(0, summary.pinnedMounts()), h.captured(), h.stalled(), unsure,
                    h.sites()));
        }
        return entry;
    }

    private static RunSummary withLock(RunSummary s, String lock) {
        return new RunSummary(s.jdkVersion(), lock, s.parallelism(), s.threads(), s.scheduler(), s.threadKind(),
                s.cpuIterations(), s.sleepMillis(), s.completed(), s.cancelled(), s.wallMillis(), s.cpuMillisPerTask(),
                s.sleepMillisMeasured(), s.boundPinnedMillis(), s.boundUnpinnedMillis(), s.mounts(), s.pinnedMounts(),
                s.pinnedThreads(), s.carriersUsed(), s.carriersAddedByPool(), s.maxLockHolders());
    }

    /** The lock an attached session's summary carries inside LoomScope (its runs.json leaves it out). */
    static final String ATTACHED_LOCK = "task-file";

    /** More sites than a run of ours names: each is a distinct place and reason in the code. */
    static final int MAX_SITES = 10_000;
    /** A frame ("pkg.Class.method:line") or a JDK reason longer than this is not one a JVM wrote. */
    static final int MAX_SITE_TEXT = 4_096;

    /** What is wrong with a run's captured and stalled counts and its sites, or null. */
    private static String heldProblem(Extras extras, long mounts) {
        for (Long count : new Long[] {extras.capturedMounts(), extras.stalledMounts()}) {
            if (count != null && (count < 0 || mounts >= 0 && count > mounts)) {
                return "capturedMounts and stalledMounts must be counts of its " + mounts + " mounts, not " + count;
            }
        }
        List<SiteJson> sites = extras.sites() == null ? List.of() : extras.sites();
        if (sites.size() > MAX_SITES) {
            return "it names " + sites.size() + " sites; a run has at most " + MAX_SITES;
        }
        for (SiteJson site : sites) {
            if (site == null || site.frame() == null || site.frame().isBlank() || site.frame().length() > MAX_SITE_TEXT
                    || site.reason() != null && site.reason().length() > MAX_SITE_TEXT) {
                return "a site needs a frame (at most " + MAX_SITE_TEXT + " characters, as its reason)";
            }
            if (!"pinned".equals(site.kind()) && !"captured".equals(site.kind()) && !"unsure".equals(site.kind())) {
                return "a site's kind is \"pinned\", \"captured\" or \"unsure\", not "
                        + JsonProblem.clipped(String.valueOf(site.kind()));
            }
            if (site.count() < 0 || !(site.heldMillis() >= 0) || !(site.longestMillis() >= 0)
                    || site.longestMillis() > site.heldMillis() + 0.01) {
                return "site " + JsonProblem.clipped(site.frame()) + " has impossible counts or times";
            }
            String reasons = reasonsProblem(site);
            if (reasons != null) {
                return reasons;
            }
        }
        return null;
    }

    /** What is wrong with a site's reasons, or null: a few, each a bounded text counting some of its mounts. */
    private static String reasonsProblem(SiteJson site) {
        if (site.reasons() == null) {
            return null;
        }
        if (site.reasons().size() > SiteTable.REASONS_KEPT) {
            return "site " + JsonProblem.clipped(site.frame()) + " names " + site.reasons().size() + " reasons; a site keeps at most "
                    + SiteTable.REASONS_KEPT;
        }
        for (ReasonJson r : site.reasons()) {
            if (r == null || r.reason() == null || r.reason().length() > MAX_SITE_TEXT || r.count() < 0 || r.count() > site.count()
                    || r.examples() != null && (r.examples().size() > SiteTable.EXAMPLES_KEPT
                    || r.examples().stream().anyMatch(x -> x == null || x.length() > MAX_SITE_TEXT))) {
                return "site " + JsonProblem.clipped(site.frame()) + " has a reason without its text or with an impossible count";
            }
        }
        return null;
    }

    private static long orZero(Long n) {
        return n == null ? 0 : n;
    }

    /** Fields a summary always has but an older or hand-written file may lack: absent counts are unknown (-1). */
    private static void withDefaults(ObjectNode o) {
        for (String unknownCount : List.of("pinnedMounts", "mounts", "carriersUsed", "carriersAddedByPool", "pinnedThreads")) {
            putIfAbsent(o, unknownCount, o.numberNode(-1));
        }
        putIfAbsent(o, "scheduler", o.textNode("pool"));
        putIfAbsent(o, "threadKind", o.textNode("virtual"));
        if (o.has("threads")) {   // without it, the refusal names "threads", not a copy of it
            putIfAbsent(o, "completed", o.get("threads"));
        }
        for (String zero : List.of("cpuIterations", "sleepMillis", "cpuMillisPerTask", "sleepMillisMeasured",
                "boundPinnedMillis", "boundUnpinnedMillis", "maxLockHolders")) {
            putIfAbsent(o, zero, o.numberNode(0));
        }
        putIfAbsent(o, "cancelled", o.booleanNode(false));
    }

    private static void putIfAbsent(ObjectNode o, String field, JsonNode value) {
        if (!o.has(field)) {
            o.set(field, value);
        }
    }
}
