package loomscope.ui.talktrack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.Scenario;
import loomscope.workload.ScenarioParam;
import loomscope.workload.ScenarioParams;
import loomscope.workload.Scenarios;
import loomscope.workload.SeedScenario;
import loomscope.workload.WorkloadConfig;

/**
 * Reads the talk track: the built-in chapters (a resource), or a speaker's own file. A speaker edits
 * JSON by hand the night before a talk, so every mistake is reported with the file, the chapter and the
 * field, and a broken override falls back to the built-in track instead of leaving the stage empty.
 */
public final class TalkTrackLoader {
    private TalkTrackLoader() { }

    public static final String RESOURCE = "/loomscope/ui/talktrack/chapters.json";

    /** Comments and trailing commas are what hand-edited JSON grows; allow them. */
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA)
            .build();

    private static final Set<String> CHAPTER_FIELDS = Set.of("title", "scenario", "params", "lock", "parallelism", "threads",
            "sleepMs", "narration", "notes", "code", "runOn", "standIn", "snippet");
    /** A snippet is named by its file alone: found in the snippet folder, else among the starters. */
    private static final java.util.regex.Pattern SNIPPET_NAME = java.util.regex.Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$-]{0,99}\\.java");
    private static final Set<String> STAND_IN_FIELDS = Set.of("lock", "sleepMs", "label");

    /**
     * Bounds on what a hand-edited file may put on screen: a 120-character title pushed the window's controls
     * off-screen, and a 5 MB one left it black. Longer text is refused with the field named, not cut: the
     * speaker finds out the night before, not on stage.
     */
    static final long MAX_FILE_BYTES = 1 << 20;
    static final int MAX_TITLE_CHARS = 60;
    static final int MAX_TRACK_TITLE_CHARS = 80;
    static final int MAX_NARRATION_CHARS = 240;
    static final int MAX_LABEL_CHARS = 100;
    static final int MAX_NOTES_CHARS = 10_000;
    /** A chapter's title as it is named in a complaint: enough to find it, never the whole of a runaway one. */
    private static final int TITLE_IN_MESSAGES = 40;

    /** The track to use, and why it is not the one asked for (null when it is). */
    public record Loaded(TalkTrack track, String problem) { }

    /** The speaker's file if there is one and it reads; otherwise the built-in track, with the reason. */
    public static Loaded load(Path override) {
        Path file = override != null ? override : userFile();
        if (override == null && !Files.exists(file)) {
            return new Loaded(builtIn(), null);
        }
        try {
            return new Loaded(read(file), null);
        } catch (TalkTrackException e) {
            return new Loaded(builtIn(), e.getMessage() + " (using the built-in chapters)");
        }
    }

    /** {@code $XDG_CONFIG_HOME/loomscope/chapters.json}, else {@code ~/.config/loomscope/chapters.json}. */
    public static Path userFile() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path config = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return config.resolve("loomscope").resolve("chapters.json");
    }

    public static TalkTrack builtIn() {
        try (InputStream in = TalkTrackLoader.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the built-in chapters " + RESOURCE + " are missing from the build");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "built-in chapters.json");
        } catch (IOException | TalkTrackException e) {
            throw new IllegalStateException("the built-in chapters are broken: " + e.getMessage(), e);
        }
    }

    public static TalkTrack read(Path file) throws TalkTrackException {
        String text;
        try {
            if (Files.isDirectory(file)) {
                throw new TalkTrackException(file + ": is a folder, not a chapters file");
            }
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw new TalkTrackException(String.format(java.util.Locale.ROOT,
                        "%s: %,d bytes; a chapters file may have at most %,d", file, size, MAX_FILE_BYTES));
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TalkTrackException(file + ": cannot read (" + e.getClass().getSimpleName() + ")", e);
        }
        return parse(text, file.toString());
    }

    public static TalkTrack parse(String json, String source) throws TalkTrackException {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JacksonException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new TalkTrackException(source + ": not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new TalkTrackException(source + ": expected an object with \"title\" and \"chapters\"");
        }
        JsonNode chapters = root.get("chapters");
        if (chapters == null || !chapters.isArray() || chapters.isEmpty()) {
            throw new TalkTrackException(source + ": \"chapters\" must be a non-empty list");
        }
        List<Chapter> parsed = new ArrayList<>();
        for (JsonNode node : chapters) {
            parsed.add(chapter(node, parsed.size() + 1, source));
        }
        String title = root.hasNonNull("title") ? root.get("title").asText().strip() : "LoomScope";
        if (title.length() > MAX_TRACK_TITLE_CHARS) {
            throw new TalkTrackException(String.format(java.util.Locale.ROOT,
                    "%s: \"title\" has %,d characters; at most %,d fit on screen", source, title.length(), MAX_TRACK_TITLE_CHARS));
        }
        return new TalkTrack(title, parsed, source);
    }

    private static Chapter chapter(JsonNode node, int number, String source) throws TalkTrackException {
        String where = source + ": chapter " + number;
        if (!node.isObject()) {
            throw new TalkTrackException(where + " is not an object");
        }
        if (node.hasNonNull("title")) {
            String named = node.get("title").asText().strip();
            where += " (\"" + (named.length() > TITLE_IN_MESSAGES ? named.substring(0, TITLE_IN_MESSAGES) + "…" : named) + "\")";
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!CHAPTER_FIELDS.contains(field)) {
                throw new TalkTrackException(where + ": unknown field \"" + field + "\"; allowed: " + String.join(", ",
                        CHAPTER_FIELDS.stream().sorted().toList()));
            }
        }
        Fields f = new Fields(node, where);
        String title = f.bounded("title", f.text("title", true), MAX_TITLE_CHARS);
        String narration = f.bounded("narration", f.text("narration", true), MAX_NARRATION_CHARS);
        if (narration.contains("\n")) {
            throw new TalkTrackException(where + ": \"narration\" is one line on the big screen; move the rest to \"notes\"");
        }
        String snippet = f.text("snippet", false);
        if (snippet != null && !SNIPPET_NAME.matcher(snippet).matches()) {
            throw new TalkTrackException(where + ": \"snippet\" names a .java file of the snippet folder (no folder), e.g. "
                    + "\"SleepInSynchronized.java\"; was \"" + (snippet.length() > 60 ? snippet.substring(0, 60) + "…" : snippet) + "\"");
        }
        if (snippet != null && node.has("scenario")) {
            throw new TalkTrackException(where + ": a chapter runs a \"snippet\" or a \"scenario\", not both");
        }
        Scenario scenario = snippet != null ? new loomscope.workload.TaskFileScenario() : f.scenario();
        boolean seed = SeedScenario.NAME.equals(scenario.name());
        LockMode lock;
        Integer sleep = null;
        ScenarioParams params;
        int parallelism = f.integer("parallelism", 1, WorkloadConfig.MAX_PARALLELISM);
        // the window's own limit: a chapter must run in the window it sets up (RunLimits: one rule book)
        int threads = f.integer("threads", Math.max(1, scenario.minimumThreads()), RunLimits.WINDOW_MAX_THREADS);
        if (seed) {
            if (node.has("params")) {
                throw new TalkTrackException(where + ": \"params\" belong to a scenario other than seed; the seed's are "
                        + "\"lock\" and \"sleepMs\"");
            }
            lock = f.lock("lock", node.get("lock"));
            sleep = node.has("sleepMs") ? f.integer("sleepMs", 0, WorkloadConfig.MAX_SLEEP_MILLIS) : null;
            params = seed(lock, sleep);
        } else {
            for (String seedOnly : List.of("lock", "sleepMs")) {
                if (node.has(seedOnly)) {
                    throw new TalkTrackException(where + ": \"" + seedOnly + "\" is the seed's; " + scenario.name()
                            + " takes \"params\" " + paramNames(scenario));
                }
            }
            params = snippet != null ? ScenarioParams.defaults(scenario) : f.params(scenario);
            lock = scenario.seedFields(params).lockMode();
        }
        String notes = f.bounded("notes", f.textOrLines("notes"), MAX_NOTES_CHARS);
        boolean code = f.code();
        ChapterRunTarget runOn = ChapterRunTarget.THIS_JVM;
        if (node.hasNonNull("runOn")) {
            try {
                runOn = ChapterRunTarget.fromFileName(node.get("runOn").asText());
            } catch (IllegalArgumentException e) {
                throw new TalkTrackException(where + ": " + e.getMessage());
            }
        }
        Chapter.StandIn standIn = null;
        JsonNode stand = node.get("standIn");
        if (runOn != ChapterRunTarget.THIS_JVM) {
            if (stand == null || !stand.isObject()) {
                throw new TalkTrackException(where + ": runOn \"" + runOn.fileName()
                        + "\" needs a \"standIn\" {\"lock\", \"label\"} to run while that JVM is not available");
            }
            for (Iterator<String> it = stand.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                if (!STAND_IN_FIELDS.contains(field)) {
                    throw new TalkTrackException(where + ", standIn: unknown field \"" + field + "\"; allowed: label, lock, sleepMs"
                            + " (a stand-in runs the seed with that lock)");
                }
            }
            Fields s = new Fields(stand, where + ", standIn");
            Integer standInSleep = stand.has("sleepMs") ? s.integer("sleepMs", 0, WorkloadConfig.MAX_SLEEP_MILLIS) : null;
            standIn = new Chapter.StandIn(s.lock("lock", stand.get("lock")), standInSleep,
                    s.bounded("label", s.text("label", true), MAX_LABEL_CHARS));
        } else if (stand != null) {
            throw new TalkTrackException(where + ": \"standIn\" only makes sense with a \"runOn\" other than this-jvm");
        }
        return new Chapter(number, title, params, lock, parallelism, threads, sleep, narration, notes, code, runOn, standIn,
                snippet);
    }

    /** The seed's parameters for a lock mode and a sleep (null: the seed's default sleep). */
    static ScenarioParams seed(LockMode lock, Integer sleepMillis) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("lock", lock.cliName());
        if (sleepMillis != null) {
            values.put("sleep-ms", Integer.toString(sleepMillis));
        }
        return new ScenarioParams(Scenarios.byName(SeedScenario.NAME), values);
    }

    private static String paramNames(Scenario scenario) {
        return scenario.params().isEmpty() ? "(it has none)"
                : "{" + scenario.params().stream().map(ScenarioParam::name).collect(Collectors.joining(", ")) + "}";
    }

    /** Field readers that name the field and the chapter in every complaint. */
    private record Fields(JsonNode node, String where) {
        String bounded(String field, String value, int maxChars) throws TalkTrackException {
            if (value != null && value.length() > maxChars) {
                throw new TalkTrackException(String.format(java.util.Locale.ROOT,
                        "%s: \"%s\" has %,d characters; at most %,d fit on screen", where, field, value.length(), maxChars));
            }
            return value;
        }

        /**
         * {@code "code": true} shows the scenario's real source on the big screen. A file written before that may
         * still hold hand-typed lines (text or a list): they ask for code too, and get the code that really runs.
         */
        boolean code() throws TalkTrackException {
            JsonNode v = node.get("code");
            if (v == null || v.isNull()) {
                return false;
            }
            if (v.isBoolean()) {
                return v.asBoolean();
            }
            if (v.isTextual() || (v.isArray() && v.size() > 0)) {
                return true;
            }
            throw new TalkTrackException(where + ": \"code\" must be true or false: it shows the real source of the "
                    + "chapter's scenario (hand-typed code is no longer shown)");
        }

        Scenario scenario() throws TalkTrackException {
            JsonNode v = node.get("scenario");
            if (v == null || v.isNull()) {
                return Scenarios.byName(SeedScenario.NAME);
            }
            if (!v.isTextual()) {
                throw new TalkTrackException(where + ": \"scenario\" must be a name: " + Scenarios.names());
            }
            try {
                return Scenarios.byName(v.asText());
            } catch (RunLimits.InvalidRunException e) {
                throw new TalkTrackException(where + ": \"scenario\" " + e.first().rule());
            }
        }

        /** The scenario's own parameters, by name: {@code {"wait-ms": 100}}; each checked by its own rule. */
        ScenarioParams params(Scenario scenario) throws TalkTrackException {
            JsonNode v = node.get("params");
            Map<String, String> given = new LinkedHashMap<>();
            if (v != null && !v.isNull()) {
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

        String text(String field, boolean required) throws TalkTrackException {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                if (required) {
                    throw new TalkTrackException(where + ": missing \"" + field + "\"");
                }
                return null;
            }
            if (!v.isTextual() || v.asText().isBlank()) {
                throw new TalkTrackException(where + ": \"" + field + "\" must be non-empty text");
            }
            return v.asText().strip();
        }

        /** Multi-line text may be written as one string or a list of lines (easier to edit in JSON). */
        String textOrLines(String field) throws TalkTrackException {
            JsonNode v = node.get(field);
            if (v != null && v.isArray()) {
                List<String> lines = new ArrayList<>();
                for (JsonNode line : v) {
                    if (!line.isTextual()) {
                        throw new TalkTrackException(where + ": \"" + field + "\" lines must be text");
                    }
                    lines.add(line.asText());
                }
                return String.join("\n", lines);
            }
            return v == null || v.isNull() ? "" : text(field, false);
        }

        int integer(String field, int min, int max) throws TalkTrackException {
            JsonNode v = node.get(field);
            if (v == null || !v.canConvertToInt() || !v.isIntegralNumber()) {
                throw new TalkTrackException(where + ": \"" + field + "\" must be a whole number " + min + ".." + max);
            }
            int value = v.asInt();
            if (value < min || value > max) {
                throw new TalkTrackException(where + ": \"" + field + "\" must be " + min + ".." + max + ", was " + value);
            }
            return value;
        }

        LockMode lock(String field, JsonNode v) throws TalkTrackException {
            if (v == null || !v.isTextual()) {
                throw new TalkTrackException(where + ": missing \"" + field + "\" (one of " + LockMode.allowedNames() + ")");
            }
            try {
                return LockMode.fromCliName(v.asText());
            } catch (IllegalArgumentException e) {
                throw new TalkTrackException(where + ": " + e.getMessage());
            }
        }
    }
}
