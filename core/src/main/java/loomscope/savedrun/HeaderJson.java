package loomscope.savedrun;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import loomscope.json.JsonProblem;
import loomscope.json.StrictJson;
import loomscope.recording.RunSource;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.SchedulerKind;
import loomscope.workload.TaskShape;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The file's header: what ran, as JSON so that a person can read it with {@code head -c 2000}. Bound strictly
 * ({@link StrictJson}): a missing, mistyped or unknown field is named by its path. A field added later comes with
 * a new format version, which an older LoomScope refuses before it reads the header.
 */
final class HeaderJson {
    private static final ObjectMapper JSON = StrictJson.mapper();

    private HeaderJson() { }

    /** The run's own facts that are not in its mounts and phases. */
    record Header(RunInfo info, String jdkVersion, WorkloadConfig config, long runStart, long runEnd, int completed,
                  boolean cancelled, long droppedInTarget, RunSource.Application application) {
        /** A run of LoomScope's own (no application). */
        Header(RunInfo info, String jdkVersion, WorkloadConfig config, long runStart, long runEnd, int completed,
               boolean cancelled, long droppedInTarget) {
            this(info, jdkVersion, config, runStart, runEnd, completed, cancelled, droppedInTarget, null);
        }
    }

    /** The header as the file spells it, field for field and in the order written. */
    record HeaderFields(String loomscopeVersion, Instant savedAt, String scenario, String jdkVersion, List<String> jvmFlags,
                        HostFields host, ConfigFields config, RunFields run,
                        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonSetter(nulls = Nulls.SKIP) List<JvmFields> application) { }

    /**
     * {@code application}: the JVMs an attached application's run was recorded in (several side by side); added in 0.1
     * without a format bump as {@code droppedInTarget} was, and written only for an application's run. {@code host}
     * only for one connected to on another host; {@code reached} a {@link RunSource.Reached} constant's name.
     */
    record JvmFields(String mainClass, long pid,
                     @JsonInclude(JsonInclude.Include.NON_NULL) @JsonSetter(nulls = Nulls.SKIP) String host,
                     String jdkVersion, String reached) { }

    record HostFields(int cores, String os, String arch, boolean carriersLowered) { }

    /** {@code params}: added in 0.1 without a format bump; absent in a seed run's file, as it always was. */
    /** {@code lockMode}: the mode's constant name ({@code NATIVE_FRAME}), as the files have always spelled it. */
    record ConfigFields(int threads, int cpuIterations, int sleepMillis, String lockMode, int parallelism,
                        SchedulerKind scheduler, ThreadKind threadKind,
                        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonSetter(nulls = Nulls.SKIP) Map<String, String> params) { }

    /**
     * {@code droppedInTarget}: an attached JVM's episodes its agent dropped; added in 0.1 without a format bump as
     * {@code params} was, and written only where there were any (every file before it had none).
     */
    record RunFields(long startNanos, long endNanos, int completed, boolean cancelled,
                     @JsonInclude(JsonInclude.Include.NON_NULL) @JsonSetter(nulls = Nulls.SKIP) Long droppedInTarget) { }

    static String write(Header h) {
        RunInfo info = h.info();
        WorkloadConfig c = h.config();
        // every file has the seed's three fields: the scenario's task shape; a scenario whose parameters are those
        // fields (the seed) stores no params besides, as the files before scenarios did
        TaskShape shape = c.shape();
        Map<String, String> implied = Scenarios.of(c).paramsOfTaskFields(shape.cpuIterations(), shape.sleepMillis(),
                shape.lockMode());
        boolean paramsInTaskFields = implied != null && implied.equals(c.scenario().values());
        HeaderFields fields = new HeaderFields(info.loomscopeVersion(), info.savedAt(), info.scenario(), h.jdkVersion(),
                info.jvmFlags(), new HostFields(info.hostCores(), info.hostOs(), info.hostArch(), info.carriersLowered()),
                new ConfigFields(c.threads(), shape.cpuIterations(), shape.sleepMillis(), shape.lockMode().name(),
                        c.parallelism(), c.scheduler(), c.threadKind(), paramsInTaskFields ? null : c.scenario().values()),
                new RunFields(h.runStart(), h.runEnd(), h.completed(), h.cancelled(),
                        h.droppedInTarget() > 0 ? h.droppedInTarget() : null),
                h.application() == null ? null : h.application().jvms().stream()
                        .map(j -> new JvmFields(j.mainClass(), j.pid(), j.host(), j.jdkVersion(), j.reached().name())).toList());
        try {
            return JSON.writeValueAsString(fields);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a header of plain values cannot fail to write", e);
        }
    }

    /** A mode by its constant's name, exactly as written (as Jackson bound the enum it was). */
    private static LockMode lockMode(String name) throws SavedRunFormatException {
        for (LockMode mode : LockMode.values()) {
            if (mode.name().equals(name)) {
                return mode;
            }
        }
        throw new SavedRunFormatException("its header's \"config.lockMode\" must be one of "
                + LockMode.values().stream().map(LockMode::name).collect(Collectors.joining(", ")) + ", was "
                + (name == null ? "null" : "\"" + JsonProblem.clipped(name) + "\""));
    }

    static Header read(String text) throws SavedRunFormatException {
        JsonNode tree;
        try {
            tree = JSON.readTree(text);
        } catch (JacksonException e) {
            throw new SavedRunFormatException("its header is not JSON (" + JsonProblem.clipped(e.getOriginalMessage()) + ")");
        }
        if (tree == null || !tree.isObject()) {
            throw new SavedRunFormatException("its header is not a JSON object");
        }
        HeaderFields f;
        try {
            f = JSON.treeToValue(tree, HeaderFields.class);
        } catch (JacksonException e) {
            JsonProblem p = JsonProblem.of(e, tree);
            throw new SavedRunFormatException(switch (p.kind()) {
                case MISSING, NOT_JSON -> "its header " + p.says();
                case UNKNOWN_FIELD -> "its header has an " + p.says();
                case BAD_VALUE -> "its header's " + p.says();
            });
        }
        RunInfo info = new RunInfo(f.loomscopeVersion(), f.savedAt(), f.scenario(), f.jvmFlags(), f.host().cores(),
                f.host().os(), f.host().arch(), f.host().carriersLowered());
        ConfigFields c = f.config();
        LockMode lockMode = lockMode(c.lockMode());
        WorkloadConfig workload;
        try {
            // the seed's fields are checked for every file, as they always were
            RunLimits.throwIfAny(RunLimits.problems(c.threads(), c.cpuIterations(), c.sleepMillis(), c.parallelism(),
                    lockMode, c.scheduler(), c.threadKind(), RunLimits.MAX_THREADS));
            Scenario scenario = Scenarios.byName(info.scenario());
            Map<String, String> params = c.params() != null ? c.params()
                    : scenario.paramsOfTaskFields(c.cpuIterations(), c.sleepMillis(), lockMode);
            workload = Scenarios.config(scenario, params == null ? Map.of() : params, c.threads(), c.parallelism(),
                    c.scheduler(), c.threadKind());
        } catch (RunLimits.InvalidRunException e) {
            throw new SavedRunFormatException("its run parameters are impossible: " + e.getMessage());
        }
        RunFields run = f.run();
        long dropped = run.droppedInTarget() == null ? 0 : run.droppedInTarget();
        if (dropped < 0) {
            throw new SavedRunFormatException("its header's \"run.droppedInTarget\" must be 0 or more, was " + dropped);
        }
        return new Header(info, f.jdkVersion(), workload, run.startNanos(), run.endNanos(), run.completed(), run.cancelled(),
                dropped, application(f.application()));
    }

    private static RunSource.Application application(List<JvmFields> jvms) throws SavedRunFormatException {
        if (jvms == null) {
            return null;
        }
        if (jvms.isEmpty()) {
            throw new SavedRunFormatException("its header's \"application\" lists no JVM");
        }
        List<RunSource.Jvm> read = new java.util.ArrayList<>();
        for (int i = 0; i < jvms.size(); i++) {
            JvmFields j = jvms.get(i);
            RunSource.Reached reached = null;
            for (RunSource.Reached r : RunSource.Reached.values()) {
                if (r.name().equals(j.reached())) {
                    reached = r;
                }
            }
            if (reached == null) {
                throw new SavedRunFormatException("its header's \"application[" + i + "].reached\" must be one of "
                        + java.util.Arrays.stream(RunSource.Reached.values()).map(Enum::name).collect(Collectors.joining(", "))
                        + ", was \"" + JsonProblem.clipped(j.reached()) + "\"");
            }
            read.add(new RunSource.Jvm(j.mainClass(), Math.max(-1, j.pid()), j.host(), j.jdkVersion(), reached));
        }
        return new RunSource.Application(read);
    }
}
