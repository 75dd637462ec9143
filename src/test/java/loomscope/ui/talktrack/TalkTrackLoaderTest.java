package loomscope.ui.talktrack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TalkTrackLoaderTest {

    @TempDir
    Path dir;

    @Test
    void theBuiltInTrackTellsTheSevenChapterStory() {
        TalkTrack track = TalkTrackLoader.builtIn();
        assertEquals(List.of("The experiment", "The bug that hid the effect", "Pinned", "JEP 491", "The old workaround",
                "Still pinned", "Waves"), track.chapters().stream().map(Chapter::title).toList());
        assertEquals(List.of(LockMode.SYNCHRONIZED, LockMode.SHARED_SYNCHRONIZED, LockMode.SYNCHRONIZED, LockMode.SYNCHRONIZED,
                LockMode.REENTRANT_LOCK, LockMode.NATIVE_FRAME, LockMode.NATIVE_FRAME),
                track.chapters().stream().map(Chapter::lock).toList());
        for (Chapter c : track.chapters()) {
            assertFalse(c.notes().isBlank(), c.title() + " has speaker notes");
            assertTrue(c.narration().length() <= 100, c.title() + ": narration fits two lines on the big screen");
            c.code().lines().forEach(line -> assertTrue(line.length() <= 30, c.title() + ": code line too wide for 28 px: " + line));
        }
        Chapter waves = track.chapter(6);
        assertTrue(waves.threads() > waves.parallelism(), "waves need more threads than carriers");
        assertTrue(track.chapter(0).code().contains("synchronized (lock)"), "chapter 1 shows the seed's loop");
    }

    @Test
    void theBuiltInTrackPromisesNoTimeAndAttributesEveryFigure() {
        java.util.regex.Pattern seconds = java.util.regex.Pattern.compile("\\d[\\d.,]* s\\b");
        for (Chapter c : TalkTrackLoader.builtIn().chapters()) {
            if (seconds.matcher(c.narration()).find()) {
                assertTrue(c.narration().contains("at least"), c.title() + ": the screen states a bound, not a time "
                        + "before the run: " + c.narration());
            }
            for (String line : c.notes().lines().toList()) {
                String lower = line.toLowerCase(java.util.Locale.ROOT);
                assertFalse(lower.contains("measured here") || lower.contains("this machine"),
                        c.title() + ": whose machine? name the source: " + line);
                if (seconds.matcher(line).find()) {
                    assertTrue(line.contains("at least") || line.contains("LoomScope README bench, 2 cores, Temurin 25.0.3")
                            || line.matches(".*(Dan Vega|Spring AiO|Varshney|seeds).*"), c.title() + ": unattributed figure: " + line);
                }
            }
        }
    }

    @Test
    void pinnedRunsItsHonestStandInUntilJdk21CanBeReached() {
        Chapter pinned = TalkTrackLoader.builtIn().chapter(2);
        assertEquals(ChapterRunTarget.JDK_21, pinned.runOn());

        Chapter.ChapterSetup here = pinned.setupFor(Set.of(ChapterRunTarget.THIS_JVM));
        assertTrue(here.isStandIn());
        assertEquals(LockMode.NATIVE_FRAME, here.lock());
        assertEquals(ChapterRunTarget.THIS_JVM, here.target());
        assertTrue(here.standInLabel().startsWith("Stand-in:"));

        Chapter.ChapterSetup later = pinned.setupFor(Set.of(ChapterRunTarget.THIS_JVM, ChapterRunTarget.JDK_21));
        assertFalse(later.isStandIn());
        assertEquals(LockMode.SYNCHRONIZED, later.lock());
        assertEquals(ChapterRunTarget.JDK_21, later.target());

        Chapter.ChapterSetup legacy = pinned.setupFor(Set.of(ChapterRunTarget.THIS_JVM, ChapterRunTarget.LEGACY_LOCKING));
        assertFalse(legacy.isStandIn(), "legacy locking reproduces JDK 21's pinning: no stand-in needed");
        assertEquals(LockMode.SYNCHRONIZED, legacy.lock());
        assertEquals(ChapterRunTarget.LEGACY_LOCKING, legacy.target());
        assertEquals(ChapterRunTarget.JDK_21, pinned.setupFor(Set.of(ChapterRunTarget.THIS_JVM, ChapterRunTarget.LEGACY_LOCKING, ChapterRunTarget.JDK_21)).target(),
                "a real JDK 21 wins over the preset");
    }

    @Test
    void clickingPastTheEndStaysOnTheLastChapter() {
        TalkTrack track = TalkTrackLoader.builtIn();
        assertEquals("Waves", track.chapter(99).title());
        assertEquals("The experiment", track.chapter(-1).title());
    }

    @Test
    void mistakesNameTheFileTheChapterAndTheField() {
        assertProblem("{\"chapters\": [ {\"title\": \"A\" ", "not valid JSON at line 1");
        assertProblem("[]", "expected an object with \"title\" and \"chapters\"");
        assertProblem("{\"chapters\": []}", "\"chapters\" must be a non-empty list");
        String ok = "\"title\":\"A\",\"lock\":\"synchronized\",\"parallelism\":1,\"threads\":10,\"narration\":\"n\"";
        assertProblem("{\"chapters\":[{" + ok.replace("synchronized", "spinlock") + "}]}",
                "t.json: chapter 1 (\"A\"): unknown lock mode 'spinlock'");
        assertProblem("{\"chapters\":[{" + ok + "},{" + ok.replace("\"parallelism\":1", "\"parallelism\":0") + "}]}",
                "chapter 2 (\"A\"): \"parallelism\" must be 1..64, was 0");
        assertProblem("{\"chapters\":[{" + ok.replace("\"threads\":10", "\"threads\":\"many\"") + "}]}",
                "\"threads\" must be a whole number");
        assertProblem("{\"chapters\":[{" + ok + ",\"speed\":2}]}", "unknown field \"speed\"");
        assertProblem("{\"chapters\":[{" + ok.replace("\"narration\":\"n\"", "\"narration\":\"a\\nb\"") + "}]}",
                "\"narration\" is one line");
        assertProblem("{\"chapters\":[{" + ok + ",\"runOn\":\"jdk-21\"}]}", "needs a \"standIn\"");
        assertProblem("{\"chapters\":[{" + ok.replace(",\"narration\":\"n\"", "") + "}]}", "missing \"narration\"");
    }

    @Test
    void commentsTrailingCommasAndLineListsAreWelcome() throws Exception {
        TalkTrack track = TalkTrackLoader.parse("""
                // my talk
                {"title": "Mine", "chapters": [
                  {"title": "Only", "lock": "none", "parallelism": 2, "threads": 100, "narration": "Hi.",
                   "notes": ["first", "second"],},
                ]}""", "mine.json");
        assertEquals("first\nsecond", track.chapter(0).notes());
        assertNull(track.chapter(0).sleepMillis());
        assertEquals("", track.chapter(0).code());
    }

    @Test
    void aBrokenOverrideFallsBackToTheBuiltInTrackAndSaysWhy() throws Exception {
        Path mine = Files.writeString(dir.resolve("chapters.json"), "{\"chapters\": 3}");
        TalkTrackLoader.Loaded loaded = TalkTrackLoader.load(mine);
        assertEquals(7, loaded.track().size());
        assertTrue(loaded.problem().startsWith(mine + ": \"chapters\" must be a non-empty list"), loaded.problem());
        assertTrue(loaded.problem().endsWith("(using the built-in chapters)"));

        Files.writeString(mine, "{\"title\":\"T\",\"chapters\":[{\"title\":\"A\",\"lock\":\"none\",\"parallelism\":1,"
                + "\"threads\":10,\"narration\":\"n\"}]}");
        loaded = TalkTrackLoader.load(mine);
        assertNull(loaded.problem());
        assertEquals("T", loaded.track().title());

        TalkTrackLoader.Loaded missing = TalkTrackLoader.load(dir.resolve("gone.json"));
        assertTrue(missing.problem().contains("cannot read"), missing.problem());
    }

    private static void assertProblem(String json, String expected) {
        TalkTrackException e = assertThrows(TalkTrackException.class, () -> TalkTrackLoader.parse(json, "t.json"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("t.json"), e.getMessage());
    }
}
