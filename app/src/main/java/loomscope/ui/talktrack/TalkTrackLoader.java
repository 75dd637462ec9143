package loomscope.ui.talktrack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import loomscope.json.JsonProblem;
import loomscope.json.StrictJson;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;

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

    /** Bounds on a hand-edited file (the chapters' own are {@link ChapterJson}'s). */
    static final long MAX_FILE_BYTES = 1 << 20;
    static final int MAX_TRACK_TITLE_CHARS = 80;

    /** The file as a whole: a title (optional) and the chapters, each bound on its own so that its number can be named. */
    record TrackJson(@JsonSetter(nulls = Nulls.SKIP) String title, JsonNode chapters) { }

    private static final ObjectMapper STRICT = StrictJson.mapper();

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
                throw new TalkTrackException(String.format(Locale.ROOT,
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
        TrackJson track;
        try {
            track = STRICT.treeToValue(root, TrackJson.class);
        } catch (JacksonException e) {
            throw new TalkTrackException(source + ": " + JsonProblem.of(e, root).says());
        }
        List<Chapter> parsed = new ArrayList<>();
        for (JsonNode node : chapters) {
            parsed.add(ChapterJson.read(node, parsed.size() + 1, source));
        }
        String title = track.title() != null ? track.title().strip() : "LoomScope";
        if (title.length() > MAX_TRACK_TITLE_CHARS) {
            throw new TalkTrackException(String.format(Locale.ROOT,
                    "%s: \"title\" has %,d characters; at most %,d fit on screen", source, title.length(), MAX_TRACK_TITLE_CHARS));
        }
        return new TalkTrack(title, parsed, source);
    }

    /**
     * The default scenario's (the seed's) parameters for a lock mode and a sleep (null: its default sleep), as the
     * old keys {@code "lock"} and {@code "sleepMs"} and a stand-in give them.
     */
    static ScenarioParams seed(LockMode lock, Integer sleepMillis) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put(SeedScenario.LOCK, lock.cliName());
        if (sleepMillis != null) {
            values.put(SeedScenario.SLEEP, Integer.toString(sleepMillis));
        }
        return new ScenarioParams(Scenarios.DEFAULT, values);
    }

    /** What {@link #seed} sets of a run: the lock, and the sleep only where one is given. */
    static Set<String> seedNamed(Integer sleepMillis) {
        return sleepMillis == null ? Set.of(SeedScenario.LOCK) : Set.of(SeedScenario.LOCK, SeedScenario.SLEEP);
    }
}
