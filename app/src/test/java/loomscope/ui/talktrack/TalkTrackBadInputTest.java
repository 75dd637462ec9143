package loomscope.ui.talktrack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #14, defects 3 and 9: a talk track a speaker edits by hand, broken in every way we could think of. Each
 * must be refused with one line naming the file (and the chapter and field where there is one), the built-in
 * track used meanwhile, quickly and without an exception escaping.
 */
class TalkTrackBadInputTest {
    private static final String OK = "\"title\":\"A\",\"lock\":\"synchronized\",\"parallelism\":1,\"threads\":10,\"narration\":\"n\"";
    /** Under the file limit (1 MiB), so that the field's own limit is what refuses it. */
    private static final String HUGE = "x".repeat(500_000);
    private static int tried;

    @TempDir
    static Path dir;

    private record BadTrack(String name, String json, String expected) { }

    private static String track(String chapter) {
        return "{\"title\":\"T\",\"chapters\":[{" + chapter + "}]}";
    }

    private static String with(String field, String value) {
        return track(OK + ",\"" + field + "\":" + value);
    }

    private static String replacing(String field, String value) {
        return track(OK.replaceAll("\"" + field + "\":(\"[^\"]*\"|[0-9]+)", "\"" + field + "\":" + java.util.regex.Matcher.quoteReplacement(value)));
    }

    private static List<BadTrack> cases() {
        List<BadTrack> c = new ArrayList<>();
        c.add(new BadTrack("empty file", "", "expected an object"));
        c.add(new BadTrack("blank file", "   \n ", "expected an object"));
        c.add(new BadTrack("not JSON", "chapters: one", "not valid JSON"));
        c.add(new BadTrack("truncated", "{\"chapters\": [ {\"title\": \"A\" ", "not valid JSON"));
        c.add(new BadTrack("a list", "[]", "expected an object"));
        c.add(new BadTrack("a number", "42", "expected an object"));
        c.add(new BadTrack("a string", "\"chapters\"", "expected an object"));
        c.add(new BadTrack("null", "null", "expected an object"));
        c.add(new BadTrack("no chapters", "{\"title\":\"T\"}", "\"chapters\" must be a non-empty list"));
        c.add(new BadTrack("chapters not a list", "{\"chapters\": 3}", "\"chapters\" must be a non-empty list"));
        c.add(new BadTrack("empty chapters", "{\"chapters\": []}", "\"chapters\" must be a non-empty list"));
        c.add(new BadTrack("chapter not an object", "{\"chapters\": [1]}", "chapter 1 is not an object"));
        c.add(new BadTrack("unknown field", with("speed", "2"), "unknown field \"speed\""));
        c.add(new BadTrack("missing title", track(OK.replace("\"title\":\"A\",", "")), "missing \"title\""));
        c.add(new BadTrack("blank title", replacing("title", "\"  \""), "\"title\" must be non-empty text"));
        c.add(new BadTrack("numeric title", replacing("title", "7"), "\"title\" must be non-empty text"));
        c.add(new BadTrack("120-character title", replacing("title", "\"" + "T".repeat(120) + "\""), "\"title\" has 120 characters"));
        c.add(new BadTrack("500 kB title", replacing("title", "\"" + HUGE + "\""), "\"title\" has 500,000 characters"));
        c.add(new BadTrack("500 kB narration", replacing("narration", "\"" + HUGE + "\""), "\"narration\" has 500,000 characters"));
        c.add(new BadTrack("two-line narration", replacing("narration", "\"a\\nb\""), "\"narration\" is one line"));
        c.add(new BadTrack("missing narration", track(OK.replace(",\"narration\":\"n\"", "")), "missing \"narration\""));
        c.add(new BadTrack("500 kB notes", with("notes", "\"" + HUGE + "\""), "\"notes\" has 500,000 characters"));
        c.add(new BadTrack("notes lines not text", with("notes", "[1, 2]"), "\"notes\" lines must be text"));
        // code is the scenario's real source now: true or false (an old file's typed lines still mean true)
        c.add(new BadTrack("numeric code", with("code", "12"), "\"code\" must be true or false"));
        c.add(new BadTrack("code as an object", with("code", "{\"file\":\"Task.java\"}"), "\"code\" must be true or false"));
        c.add(new BadTrack("empty code list", with("code", "[]"), "\"code\" must be true or false"));
        c.add(new BadTrack("unknown scenario", with("scenario", "\"spinlock\""), "\"scenario\" must be one of seed,"));
        c.add(new BadTrack("numeric scenario", with("scenario", "3"), "\"scenario\" must be a name"));
        // the seed takes "params" now: beside its old "lock" they would set the lock twice
        c.add(new BadTrack("a seed chapter with params and its old lock key", with("params", "{\"sleep-ms\":1}"),
                "\"lock\" and \"params\" both set seed's parameters"));
        c.add(new BadTrack("lock for a scenario", with("scenario", "\"waves\""), "\"lock\" is the seed's; waves takes \"params\" {sleep-ms}"));
        c.add(new BadTrack("a parameter out of range", track(OK.replace("\"lock\":\"synchronized\",", "")
                + ",\"scenario\":\"waves\",\"params\":{\"sleep-ms\":0}"), "\"params\": sleep-ms must be 1..60,000, was 0"));
        c.add(new BadTrack("a parameter it does not have", track(OK.replace("\"lock\":\"synchronized\",", "")
                + ",\"scenario\":\"waves\",\"params\":{\"wait-ms\":5}"), "'wait-ms' is not a parameter of waves; it has: sleep-ms"));
        c.add(new BadTrack("a parameter as a list", track(OK.replace("\"lock\":\"synchronized\",", "")
                + ",\"scenario\":\"waves\",\"params\":{\"sleep-ms\":[1]}"), "\"params\": sleep-ms must be a number or a name"));
        c.add(new BadTrack("unknown lock", replacing("lock", "\"spinlock\""), "unknown lock mode 'spinlock'"));
        c.add(new BadTrack("numeric lock", replacing("lock", "3"), "\"lock\" must be one of none, shared-synchronized"));
        c.add(new BadTrack("missing lock", track(OK.replace("\"lock\":\"synchronized\",", "")), "missing \"lock\""));
        c.add(new BadTrack("parallelism 0", replacing("parallelism", "0"), "\"parallelism\" must be 1..64, was 0"));
        c.add(new BadTrack("parallelism -1", replacing("parallelism", "-1"), "\"parallelism\" must be 1..64, was -1"));
        c.add(new BadTrack("parallelism 65", replacing("parallelism", "65"), "\"parallelism\" must be 1..64, was 65"));
        c.add(new BadTrack("parallelism 1.5", replacing("parallelism", "1.5"), "\"parallelism\" must be a whole number"));
        c.add(new BadTrack("parallelism text", replacing("parallelism", "\"two\""), "\"parallelism\" must be a whole number"));
        c.add(new BadTrack("parallelism huge", replacing("parallelism", "99999999999"), "\"parallelism\" must be a whole number"));
        c.add(new BadTrack("threads 0", replacing("threads", "0"), "\"threads\" must be 1..100000, was 0"));
        c.add(new BadTrack("threads -5", replacing("threads", "-5"), "\"threads\" must be 1..100000, was -5"));
        // the window draws at most 100,000: a chapter with more would set up a run the window refuses
        c.add(new BadTrack("threads 100,001", replacing("threads", "100001"), "\"threads\" must be 1..100000, was 100001"));
        c.add(new BadTrack("threads 2,000,000", replacing("threads", "2000000"), "\"threads\" must be 1..100000, was 2000000"));
        c.add(new BadTrack("threads NaN", replacing("threads", "\"NaN\""), "\"threads\" must be a whole number"));
        c.add(new BadTrack("threads 1e308", replacing("threads", "1e308"), "\"threads\" must be a whole number"));
        c.add(new BadTrack("threads null", replacing("threads", "null"), "\"threads\" must be a whole number"));
        c.add(new BadTrack("sleep -1", with("sleepMs", "-1"), "\"sleepMs\" must be 0..60000, was -1"));
        c.add(new BadTrack("sleep 60001", with("sleepMs", "60001"), "\"sleepMs\" must be 0..60000, was 60001"));
        c.add(new BadTrack("unknown runOn", with("runOn", "\"jdk-8\""), "chapter 1 (\"A\")"));
        c.add(new BadTrack("runOn without standIn", with("runOn", "\"jdk-21\""), "needs a \"standIn\""));
        c.add(new BadTrack("standIn without runOn", with("standIn", "{\"lock\":\"none\",\"label\":\"x\"}"), "\"standIn\" only makes sense"));
        c.add(new BadTrack("standIn with a long label", track(OK + ",\"runOn\":\"jdk-21\",\"standIn\":{\"lock\":\"native-frame\",\"label\":\""
                + "L".repeat(200) + "\"}"), "\"label\" has 200 characters"));
        c.add(new BadTrack("a track title of 500 kB", "{\"title\":\"" + HUGE + "\",\"chapters\":[{" + OK + "}]}", "\"title\" has 500,000 characters; at most 80"));
        c.add(new BadTrack("deep nesting", "{\"chapters\":[{" + OK + ",\"notes\":" + "[".repeat(2_000) + "]".repeat(2_000) + "}]}", "t-"));
        c.add(new BadTrack("second chapter broken", "{\"chapters\":[{" + OK + "},{" + OK.replace("\"threads\":10", "\"threads\":0") + "}]}",
                "chapter 2 (\"A\"): \"threads\" must be"));
        c.add(new BadTrack("a 120-character title named short", replacing("title", "\"" + "T".repeat(120) + "\""), "(\"" + "T".repeat(40) + "…\")"));
        return c;
    }

    @TestFactory
    Stream<DynamicTest> everyBrokenTrackIsRefusedWithOneLineAndTheBuiltInTrackUsed() {
        List<BadTrack> cases = cases();
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            BadTrack bad = cases.get(i);
            Path file = dir.resolve("t-" + i + ".json");
            tests.add(DynamicTest.dynamicTest(bad.name(), () -> {
                Files.writeString(file, bad.json(), StandardCharsets.UTF_8);
                assertRefused(file, bad.expected());
            }));
        }
        tests.add(DynamicTest.dynamicTest("a folder", () -> assertRefused(Files.createDirectories(dir.resolve("folder.json")), "is a folder")));
        tests.add(DynamicTest.dynamicTest("a missing file", () -> assertRefused(dir.resolve("gone.json"), "cannot read")));
        tests.add(DynamicTest.dynamicTest("a file over 1 MB", () -> {
            Path big = dir.resolve("big.json");
            Files.writeString(big, track(OK + ",\"notes\":\"" + "n".repeat(2_000_000) + "\""));
            assertRefused(big, "a chapters file may have at most 1,048,576");
        }));
        tests.add(DynamicTest.dynamicTest("an unreadable file", () -> {
            Path locked = Files.writeString(dir.resolve("locked.json"), track(OK));
            assertTrue(locked.toFile().setReadable(false));
            if (Files.isReadable(locked)) {
                return; // root reads anything: nothing to try here
            }
            assertRefused(locked, "cannot read");
        }));
        tried = tests.size();
        return tests.stream();
    }

    private static void assertRefused(Path file, String expected) {
        TalkTrackLoader.Loaded loaded = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> TalkTrackLoader.load(file));
        String problem = loaded.problem();
        assertNotNull(problem, "refused");
        assertTrue(problem.startsWith(file.toString()), problem);
        assertTrue(problem.contains(expected), "expected '" + expected + "' in: " + abbreviated(problem));
        assertFalse(problem.contains("\n"), "one line: " + abbreviated(problem));
        assertTrue(problem.length() < 400, "short: " + abbreviated(problem));
        assertTrue(problem.endsWith("(using the built-in chapters)"), problem);
        assertEquals(TalkTrackLoader.builtIn().size(), loaded.track().size(), "the built-in track is used");
    }

    private static String abbreviated(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }

    @AfterAll
    static void count() {
        System.out.println("bad-input suite (talk track): " + tried + " inputs");
    }
}
