package loomscope.ui.talktrack;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import loomscope.json.JsonProblem;
import loomscope.json.StrictJson;
import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParam;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.scenario.TaskFileScenario;
import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.WorkloadConfig;

/**
 * One chapter of a talk track as a speaker writes it, bound by {@link StrictJson} (a mistyped, missing or unknown
 * field is named, with the fields allowed), then held to what the window can show and run: every complaint names the
 * file, the chapter and the field. {@code params}, {@code notes} and {@code code} take more than one shape, so they
 * stay JSON until their rule reads them.
 */
record ChapterJson(String title, @JsonSetter(nulls = Nulls.SKIP) String scenario, @JsonSetter(nulls = Nulls.SKIP) JsonNode params,
                   @JsonSetter(nulls = Nulls.SKIP) String lock, int parallelism, int threads,
                   @JsonSetter(nulls = Nulls.SKIP) Integer sleepMs, String narration, @JsonSetter(nulls = Nulls.SKIP) JsonNode notes,
                   @JsonSetter(nulls = Nulls.SKIP) JsonNode code, @JsonSetter(nulls = Nulls.SKIP) String runOn,
                   @JsonSetter(nulls = Nulls.SKIP) StandInJson standIn, @JsonSetter(nulls = Nulls.SKIP) String snippet) {

    /** What runs while the chapter's own JVM is not available: the seed with this lock. */
    record StandInJson(String lock, @JsonSetter(nulls = Nulls.SKIP) Integer sleepMs, String label) { }

    /**
     * Bounds on what a hand-edited file may put on screen: a 120-character title pushed the window's controls
     * off-screen, and a 5 MB one left it black. Longer text is refused with the field named, not cut: the
     * speaker finds out the night before, not on stage.
     */
    static final int MAX_TITLE_CHARS = 60;
    static final int MAX_NARRATION_CHARS = 240;
    static final int MAX_LABEL_CHARS = 100;
    static final int MAX_NOTES_CHARS = 10_000;
    /** A chapter's title as it is named in a complaint: enough to find it, never the whole of a runaway one. */
    private static final int TITLE_IN_MESSAGES = 40;
    /** A snippet is named by its file alone: found in the snippet folder, else among the starters. */
    private static final Pattern SNIPPET_NAME = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$-]{0,99}\\.java");

    private static final ObjectMapper JSON = StrictJson.mapper();

    /** Chapter {@code number} of {@code source}, from its JSON. */
    static Chapter read(JsonNode node, int number, String source) throws TalkTrackException {
        String where = source + ": chapter " + number;
        if (!node.isObject()) {
            throw new TalkTrackException(where + " is not an object");
        }
        if (node.hasNonNull("title")) {
            String named = node.get("title").asText().strip();
            where += " (\"" + (named.length() > TITLE_IN_MESSAGES ? named.substring(0, TITLE_IN_MESSAGES) + "…" : named) + "\")";
        }
        try {
            return JSON.treeToValue(node, ChapterJson.class).chapter(number, where);
        } catch (JacksonException e) {
            throw new TalkTrackException(where + said(JsonProblem.of(e, node)));
        }
    }

    /** A refusal in the talk track's words: a speaker reads "missing", and text fields say which text they take. */
    private static String said(JsonProblem p) {
        String path = p.path();
        String name = path.substring(path.lastIndexOf('.') + 1);
        return switch (p.kind()) {
            case MISSING -> ": missing " + p.field();
            case UNKNOWN_FIELD -> (name.equals(path) ? "" : ", " + path.substring(0, path.lastIndexOf('.'))) + ": unknown field \""
                    + name + "\"; " + p.detail();
            case BAD_VALUE -> p.type() == String.class ? ": " + p.field() + " must be " + text(name) + ", was " + p.value()
                    : ": " + p.says();
            case NOT_JSON -> ": " + p.says();
        };
    }

    private static String text(String field) {
        return switch (field) {
            case "lock" -> "one of " + LockMode.allowedNames();
            case "scenario" -> "a name: " + Scenarios.names();
            default -> "non-empty text";
        };
    }

    private Chapter chapter(int number, String where) throws TalkTrackException {
        Rules r = new Rules(where);
        String title = r.bounded("title", r.nonBlank("title", title()), MAX_TITLE_CHARS);
        String narration = r.bounded("narration", r.nonBlank("narration", narration()), MAX_NARRATION_CHARS);
        if (narration.contains("\n")) {
            throw new TalkTrackException(where + ": \"narration\" is one line on the big screen; move the rest to \"notes\"");
        }
        String snippet = snippet() == null ? null : r.nonBlank("snippet", snippet());
        if (snippet != null && !SNIPPET_NAME.matcher(snippet).matches()) {
            throw new TalkTrackException(where + ": \"snippet\" names a .java file of the snippet folder (no folder), e.g. "
                    + "\"SleepInSynchronized.java\"; was \"" + (snippet.length() > 60 ? snippet.substring(0, 60) + "…" : snippet) + "\"");
        }
        if (snippet != null && scenario() != null) {
            throw new TalkTrackException(where + ": a chapter runs a \"snippet\" or a \"scenario\", not both");
        }
        Scenario scenario = snippet != null ? new TaskFileScenario() : r.scenario(scenario());
        int parallelism = r.within("parallelism", parallelism(), 1, WorkloadConfig.MAX_PARALLELISM);
        // the window's own limit: a chapter must run in the window it sets up (RunLimits: one rule book)
        int threads = r.within("threads", threads(), Math.max(1, scenario.minimumThreads()), RunLimits.WINDOW_MAX_THREADS);
        LockMode lock;
        Integer sleep = null;
        ScenarioParams params;
        Set<String> named = null;
        String oldKey = lock() != null ? "lock" : sleepMs() != null ? "sleepMs" : null;
        // "lock" and "sleepMs" are how chapters named the seed's parameters before it took "params": spellings of
        // two parameters, for the scenario that takes those as options of its own
        boolean takesOldKeys = scenario.paramsWithOwnOption().containsAll(Set.of(SeedScenario.LOCK, SeedScenario.SLEEP));
        if (oldKey != null && !takesOldKeys) {
            throw new TalkTrackException(where + ": \"" + oldKey + "\" is the " + Scenarios.DEFAULT.name() + "'s; "
                    + scenario.name() + " takes \"params\" " + paramNames(scenario));
        }
        if (takesOldKeys && params() == null && snippet == null) {
            // as such a chapter always did: it sets its lock and the sleep it names, and leaves the rest as typed
            lock = r.lock(lock());
            sleep = sleepMs() == null ? null : r.within("sleepMs", sleepMs(), 0, RunLimits.MAX_SLEEP_MILLIS);
            params = TalkTrackLoader.seed(lock, sleep);
            named = TalkTrackLoader.seedNamed(sleep);
        } else {
            if (oldKey != null) {
                throw new TalkTrackException(where + ": \"" + oldKey + "\" and \"params\" both set " + scenario.name()
                        + "'s parameters; give them all in \"params\" " + paramNames(scenario));
            }
            params = snippet != null ? ScenarioParams.defaults(scenario) : r.params(scenario, params());
            lock = params.shape().lockMode();
            if (takesOldKeys && params().has(SeedScenario.SLEEP)) {
                sleep = params.intValue(SeedScenario.SLEEP);   // its stand-in, if it has one, sleeps as long
            }
        }
        String notes = r.bounded("notes", r.textOrLines("notes", notes()), MAX_NOTES_CHARS);
        ChapterRunTarget runOn = ChapterRunTarget.THIS_JVM;
        if (runOn() != null) {
            try {
                runOn = ChapterRunTarget.fromFileName(runOn());
            } catch (IllegalArgumentException e) {
                throw new TalkTrackException(where + ": " + e.getMessage());
            }
        }
        return new Chapter(number, title, params, lock, parallelism, threads, sleep, narration, notes, r.code(code()), runOn,
                standIn(runOn, where), snippet, named);
    }

    private Chapter.StandIn standIn(ChapterRunTarget runOn, String where) throws TalkTrackException {
        if (runOn == ChapterRunTarget.THIS_JVM) {
            if (standIn() != null) {
                throw new TalkTrackException(where + ": \"standIn\" only makes sense with a \"runOn\" other than this-jvm");
            }
            return null;
        }
        if (standIn() == null) {
            throw new TalkTrackException(where + ": runOn \"" + runOn.fileName()
                    + "\" needs a \"standIn\" {\"lock\", \"label\"} to run while that JVM is not available");
        }
        Rules s = new Rules(where + ", standIn");
        Integer sleep = standIn().sleepMs() == null ? null : s.within("sleepMs", standIn().sleepMs(), 0, RunLimits.MAX_SLEEP_MILLIS);
        return new Chapter.StandIn(s.lock(standIn().lock()), sleep,
                s.bounded("label", s.nonBlank("label", standIn().label()), MAX_LABEL_CHARS));
    }

    private static String paramNames(Scenario scenario) {
        return scenario.params().isEmpty() ? "(it has none)"
                : "{" + scenario.params().stream().map(ScenarioParam::name).collect(Collectors.joining(", ")) + "}";
    }

    /** The rules a bound value still has to meet, each complaint naming the chapter and the field. */
    private record Rules(String where) {
        String bounded(String field, String value, int maxChars) throws TalkTrackException {
            if (value != null && value.length() > maxChars) {
                throw new TalkTrackException(String.format(Locale.ROOT,
                        "%s: \"%s\" has %,d characters; at most %,d fit on screen", where, field, value.length(), maxChars));
            }
            return value;
        }

        String nonBlank(String field, String value) throws TalkTrackException {
            if (value.isBlank()) {
                throw new TalkTrackException(where + ": \"" + field + "\" must be non-empty text");
            }
            return value.strip();
        }

        int within(String field, int value, int min, int max) throws TalkTrackException {
            if (value < min || value > max) {
                throw new TalkTrackException(where + ": \"" + field + "\" must be " + min + ".." + max + ", was " + value);
            }
            return value;
        }

        LockMode lock(String name) throws TalkTrackException {
            if (name == null) {
                throw new TalkTrackException(where + ": missing \"lock\" (one of " + LockMode.allowedNames() + ")");
            }
            try {
                return LockMode.fromCliName(name);
            } catch (IllegalArgumentException e) {
                throw new TalkTrackException(where + ": " + e.getMessage());
            }
        }

        Scenario scenario(String name) throws TalkTrackException {
            try {
                return name == null ? Scenarios.DEFAULT : Scenarios.byName(name);
            } catch (RunLimits.InvalidRunException e) {
                throw new TalkTrackException(where + ": \"scenario\" " + e.first().rule());
            }
        }

        /**
         * {@code "code": true} shows the scenario's real source on the big screen. A file written before that may
         * still hold hand-typed lines (text or a list): they ask for code too, and get the code that really runs.
         */
        boolean code(JsonNode v) throws TalkTrackException {
            if (v == null) {
                return false;
            }
            if (v.isBoolean()) {
                return v.asBoolean();
            }
            if (v.isTextual() || (v.isArray() && !v.isEmpty())) {
                return true;
            }
            throw new TalkTrackException(where + ": \"code\" must be true or false: it shows the real source of the "
                    + "chapter's scenario (hand-typed code is no longer shown)");
        }

        /** The scenario's own parameters, by name: {@code {"wait-ms": 100}}; each checked by its own rule. */
        ScenarioParams params(Scenario scenario, JsonNode v) throws TalkTrackException {
            Map<String, String> given = new LinkedHashMap<>();
            if (v != null) {
                if (!v.isObject()) {
                    throw new TalkTrackException(where + ": \"params\" must be an object of " + scenario.name()
                            + "'s parameters " + paramNames(scenario) + ", e.g. {\"" + (scenario.params().isEmpty() ? "name"
                            : scenario.params().get(0).name()) + "\": " + (scenario.params().isEmpty() ? "1"
                            : scenario.params().get(0).defaultText()) + "}");
                }
                for (Map.Entry<String, JsonNode> e : v.properties()) {
                    if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                        throw new TalkTrackException(where + ": \"params\": " + e.getKey() + " must be a number or a name");
                    }
                    given.put(e.getKey(), e.getValue().asText());
                }
            }
            try {
                return new ScenarioParams(scenario, given);
            } catch (RunLimits.InvalidRunException e) {
                throw new TalkTrackException(where + ": \"params\": " + e.first().rule());
            }
        }

        /** Multi-line text may be written as one string or a list of lines (easier to edit in JSON). */
        String textOrLines(String field, JsonNode v) throws TalkTrackException {
            if (v == null) {
                return "";
            }
            if (v.isArray()) {
                List<String> lines = new ArrayList<>();
                for (JsonNode line : v) {
                    if (!line.isTextual()) {
                        throw new TalkTrackException(where + ": \"" + field + "\" lines must be text");
                    }
                    lines.add(line.asText());
                }
                return String.join("\n", lines);
            }
            if (!v.isTextual()) {
                throw new TalkTrackException(where + ": \"" + field + "\" must be non-empty text");
            }
            return nonBlank(field, v.asText());
        }
    }
}
