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

import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TalkTrackLoaderTest {

    @TempDir
    Path dir;

    @Test
    void theBuiltInTrackTellsTheWholePinningStory() {
        TalkTrack track = TalkTrackLoader.builtIn();
        assertEquals(List.of("The experiment", "The bug that hid the effect", "Pinned", "JEP 491", "The old workaround",
                "Still pinned", "Still pinned: class initializers", "Object.wait on JDK 21", "Object.wait today",
                "The pool compensates", "Waves", "Your code"), track.chapters().stream().map(Chapter::title).toList());
        assertEquals(List.of("synchronized", "shared-synchronized", "synchronized", "synchronized", "reentrant-lock",
                "native-frame", "class-init", "object-wait", "object-wait", "file-io", "waves", "seed-synchronized.java"),
                track.chapters().stream().map(Chapter::runs).toList());
        for (Chapter c : track.chapters()) {
            assertFalse(c.notes().isBlank(), c.title() + " has speaker notes");
            assertTrue(c.narration().length() <= 110, c.title() + ": narration fits two lines on the big screen");
        }
        Chapter waves = track.chapter(10);
        assertTrue(waves.threads() > waves.parallelism(), "waves need more threads than carriers");
        assertEquals("1000", waves.scenario().value("sleep-ms"));
        assertEquals(ChapterRunTarget.JDK_21, waves.runOn(), "waves are JDK 21's: this JDK unmounts in synchronized");
        assertTrue(track.chapter(0).showsCode(), "chapter 1 shows the seed's code");
        assertFalse(track.chapter(3).showsCode());
        assertEquals(ChapterRunTarget.JDK_21, track.chapter(7).runOn());
        assertEquals(ChapterRunTarget.THIS_JVM, track.chapter(8).runOn(), "Object.wait on JDK 21, then on this JDK");
    }

    @Test
    void aChapterMayRunASnippetAsYourCode() throws Exception {
        String ok = "\"title\":\"A\",\"parallelism\":1,\"threads\":10,\"narration\":\"n\"";
        TalkTrack t = TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"snippet\":\"SemaphoreWait.java\"}]}", "t.json");
        assertEquals("SemaphoreWait.java", t.chapter(0).snippet());
        assertEquals("task-file", t.chapter(0).scenario().name(), "a snippet runs as your code");
        assertEquals("SemaphoreWait.java", t.chapter(0).runs());
        assertProblem("{\"chapters\":[{" + ok + ",\"snippet\":\"../etc/Evil.java\"}]}",
                "\"snippet\" names a .java file of the snippet folder (no folder)");
        assertProblem("{\"chapters\":[{" + ok + ",\"snippet\":\"Notes.txt\"}]}", "\"snippet\" names a .java file");
        assertProblem("{\"chapters\":[{" + ok + ",\"snippet\":\"A.java\",\"scenario\":\"waves\"}]}",
                "a \"snippet\" or a \"scenario\", not both");
        assertTrue(loomscope.taskfile.StarterSnippets.byFileName(TalkTrackLoader.builtIn().chapter(11).snippet()) != null,
                "the built-in chapter's snippet is a starter, there without a snippet folder");
    }

    @Test
    void scenariosAndTheirParametersAreCheckedByTheirOwnRules() throws Exception {
        String ok = "\"title\":\"A\",\"parallelism\":1,\"threads\":10,\"narration\":\"n\"";
        TalkTrack t = TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"scenario\":\"object-wait\",\"params\":{\"wait-ms\":20}}]}", "t.json");
        assertEquals("object-wait", t.chapter(0).scenario().name());
        assertEquals("20", t.chapter(0).scenario().value("wait-ms"));
        assertEquals(LockMode.SYNCHRONIZED, t.chapter(0).lock(), "the lock its code uses");
        t = TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"scenario\":\"class-loader\",\"params\":{\"loader\":\"shared\"}}]}", "t.json");
        assertEquals("shared", t.chapter(0).scenario().value("loader"));
        assertEquals("100", t.chapter(0).scenario().value("find-ms"), "defaults filled in");

        assertProblem("{\"chapters\":[{" + ok + ",\"scenario\":\"spin\"}]}",
                "t.json: chapter 1 (\"A\"): \"scenario\" must be one of seed, waves");
        assertProblem("{\"chapters\":[{" + ok + ",\"scenario\":\"object-wait\",\"params\":{\"wait-ms\":0}}]}",
                "chapter 1 (\"A\"): \"params\": wait-ms must be 1..60,000, was 0");
        assertProblem("{\"chapters\":[{" + ok + ",\"scenario\":\"object-wait\",\"params\":{\"colour\":1}}]}",
                "\"params\": 'colour' is not a parameter of object-wait; it has: wait-ms");
        assertProblem("{\"chapters\":[{" + ok + ",\"scenario\":\"object-wait\",\"params\":[1]}]}",
                "\"params\" must be an object of object-wait's parameters {wait-ms}, e.g. {\"wait-ms\": 100}");
        assertProblem("{\"chapters\":[{" + ok + ",\"scenario\":\"object-wait\",\"lock\":\"none\"}]}",
                "\"lock\" is the seed's; object-wait takes \"params\" {wait-ms}");
        // the seed takes "params" now; its old keys beside them would name one parameter twice
        assertProblem("{\"chapters\":[{" + ok + ",\"lock\":\"none\",\"params\":{\"sleep-ms\":3}}]}",
                "\"lock\" and \"params\" both set seed's parameters; give them all in \"params\" {lock, cpu-iterations, sleep-ms}");
        assertProblem("{\"chapters\":[{" + ok.replace("\"threads\":10", "\"threads\":1") + ",\"scenario\":\"producer-consumer\"}]}",
                "\"threads\" must be 2..100000, was 1");
        assertProblem("{\"chapters\":[{" + ok + ",\"lock\":\"none\",\"code\":3}]}",
                "\"code\" must be true or false: it shows the real source of the chapter's scenario");
        assertProblem("{\"chapters\":[{" + ok + ",\"scenario\":\"waves\",\"runOn\":\"jdk-21\",\"standIn\":{\"lock\":\"none\",\"label\":\"x\",\"scenario\":\"seed\"}}]}",
                "standIn: unknown field \"scenario\"");
    }

    @Test
    void theSeedTakesParamsLikeAnyScenarioAndStillReadsItsOldKeys() throws Exception {
        String ok = "\"title\":\"A\",\"parallelism\":1,\"threads\":10,\"narration\":\"n\"";
        Chapter byParams = TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"scenario\":\"seed\",\"params\":"
                + "{\"lock\":\"reentrant-lock\",\"cpu-iterations\":500,\"sleep-ms\":2}}]}", "new.json").chapter(0);
        assertEquals(LockMode.REENTRANT_LOCK, byParams.lock());
        assertEquals("reentrant-lock", byParams.runs());
        assertEquals(java.util.Map.of("lock", "reentrant-lock", "cpu-iterations", "500", "sleep-ms", "2"),
                byParams.setupFor(Set.of()).values(), "every parameter it gives, as any scenario's chapter sets them");
        Chapter defaults = TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"params\":{\"sleep-ms\":7}}]}", "new.json")
                .chapter(0);
        assertEquals("seed", defaults.scenario().name(), "no scenario: the seed");
        assertEquals(java.util.Map.of("lock", "synchronized", "cpu-iterations", "10000", "sleep-ms", "7"),
                defaults.setupFor(Set.of()).values(), "defaults filled in: the chapter's run whatever was typed before");

        Chapter byOldKeys = TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"lock\":\"none\",\"sleepMs\":3}]}", "old.json")
                .chapter(0);
        assertEquals(LockMode.NONE, byOldKeys.lock());
        assertEquals(3, byOldKeys.sleepMillis());
        assertEquals(java.util.Map.of("lock", "none", "sleep-ms", "3"), byOldKeys.setupFor(Set.of()).values(),
                "the old keys set the lock and the sleep they name and leave the CPU iterations as typed, as always");
        Chapter lockOnly = TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"lock\":\"native-frame\"}]}", "old.json")
                .chapter(0);
        assertEquals(java.util.Map.of("lock", "native-frame"), lockOnly.setupFor(Set.of()).values());

        assertProblem("{\"chapters\":[{" + ok + ",\"scenario\":\"seed\",\"params\":{\"lock\":\"spin\"}}]}",
                "\"params\": lock must be one of none, shared-synchronized, synchronized, reentrant-lock, native-frame, was 'spin'");
        assertProblem("{\"chapters\":[{" + ok + ",\"sleepMs\":3}]}", "missing \"lock\"");
    }

    @Test
    void anOldFilesHandTypedCodeAsksForTheRealSource() throws Exception {
        String ok = "\"title\":\"A\",\"lock\":\"synchronized\",\"parallelism\":1,\"threads\":10,\"narration\":\"n\"";
        assertTrue(TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"code\":[\"synchronized (lock) {\", \"}\"]}]}", "old.json")
                .chapter(0).showsCode());
        assertTrue(TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"code\":\"lock.lock();\"}]}", "old.json").chapter(0).showsCode());
        assertFalse(TalkTrackLoader.parse("{\"chapters\":[{" + ok + ",\"code\":false}]}", "new.json").chapter(0).showsCode());
        assertFalse(TalkTrackLoader.parse("{\"chapters\":[{" + ok + "}]}", "new.json").chapter(0).showsCode());
    }

    @Test
    void aStandInRunsTheSeedWithItsLockAndSleep() {
        Chapter wait = TalkTrackLoader.builtIn().chapter(7);
        Chapter.ChapterSetup here = wait.setupFor(Set.of(ChapterRunTarget.THIS_JVM));
        assertTrue(here.isStandIn());
        assertEquals(new SeedScenario(), here.scenario().scenario());
        assertEquals(LockMode.NATIVE_FRAME, here.lock());
        assertEquals(100, here.sleepMillis());
        Chapter.ChapterSetup legacy = wait.setupFor(Set.of(ChapterRunTarget.THIS_JVM, ChapterRunTarget.LEGACY_LOCKING));
        assertEquals("object-wait", legacy.scenario().name(), "legacy locking pins Object.wait as JDK 21 does: no stand-in");
        assertEquals(ChapterRunTarget.LEGACY_LOCKING, legacy.target());
    }

    @Test
    void theLaunchOutputNamesEveryChapterThatCannotRunAsWritten() throws Exception {
        TalkTrack track = TalkTrackLoader.builtIn();
        java.util.List<String> bare = track.standInLines(Set.of(ChapterRunTarget.THIS_JVM));
        assertTrue(bare.stream().anyMatch(l -> l.startsWith("LoomScope: chapter 3 runs on JDK 21, which this machine lacks: it runs Stand-in:")),
                bare.toString());
        assertTrue(bare.stream().allMatch(l -> !l.contains("\n")), "one line each");
        assertEquals(java.util.List.of(), track.standInLines(java.util.EnumSet.allOf(ChapterRunTarget.class)),
                "every JVM at hand: nothing to say");
        Chapter mine = new Chapter(1, "A", loomscope.scenario.ScenarioParams.defaults(loomscope.scenario.Scenarios.byName("seed")),
                LockMode.SYNCHRONIZED, 1, 10, null, "n", "notes", false, ChapterRunTarget.THIS_JVM, null, "Mine.java");
        TalkTrack withSnippet = new TalkTrack("mine", java.util.List.of(mine), "mine.json");
        assertEquals(java.util.List.of("LoomScope: chapter 1's snippet Mine.java is neither in the snippet folder nor among "
                + "the starters: the editor says so when the chapter comes, and Run runs what it holds"),
                withSnippet.standInLines(java.util.EnumSet.allOf(ChapterRunTarget.class), name -> false));
        assertEquals(java.util.List.of(), withSnippet.standInLines(java.util.EnumSet.allOf(ChapterRunTarget.class), name -> true));
        java.util.List<String> legacyOnly = track.standInLines(Set.of(ChapterRunTarget.THIS_JVM, ChapterRunTarget.LEGACY_LOCKING));
        assertTrue(legacyOnly.stream().anyMatch(l -> l.contains("runs on JDK 25 with legacy locking in place of JDK 21")),
                legacyOnly.toString());
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
        assertEquals("Your code", track.chapter(99).title());
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
        assertFalse(track.chapter(0).showsCode());
    }

    @Test
    void aBrokenOverrideFallsBackToTheBuiltInTrackAndSaysWhy() throws Exception {
        Path mine = Files.writeString(dir.resolve("chapters.json"), "{\"chapters\": 3}");
        TalkTrackLoader.Loaded loaded = TalkTrackLoader.load(mine);
        assertEquals(TalkTrackLoader.builtIn().size(), loaded.track().size());
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

    /** The chapter is bound to a record: a bad field is named by its path, an unknown one with the fields allowed. */
    @Test
    void aBoundChapterNamesTheBadFieldByItsPath() {
        String ok = "\"title\":\"A\",\"lock\":\"synchronized\",\"parallelism\":1,\"threads\":10,\"narration\":\"n\"";
        assertProblem("{\"chapters\":[{" + ok + ",\"speed\":2}]}", "t.json: chapter 1 (\"A\"): unknown field \"speed\"; allowed: "
                + "code, lock, narration, notes, parallelism, params, runOn, scenario, sleepMs, snippet, standIn, threads, title");
        assertProblem("{\"chapters\":[{" + ok + "},{" + ok.replace("\"threads\":10", "\"threads\":\"ten\"") + "}]}",
                "t.json: chapter 2 (\"A\"): \"threads\" must be a whole number, was \"ten\"");
        assertProblem("{\"chapters\":[{" + ok.replace("\"threads\":10", "\"threads\":null") + "}]}",
                "chapter 1 (\"A\"): \"threads\" must be a whole number, was null");
        assertProblem("{\"chapters\":[{" + ok + ",\"runOn\":\"jdk-21\",\"standIn\":{\"lock\":\"none\"}}]}",
                "chapter 1 (\"A\"): missing \"standIn.label\"");
        assertProblem("{\"chapters\":[{" + ok + ",\"runOn\":\"jdk-21\",\"standIn\":{\"lock\":\"none\",\"label\":\"x\",\"sleepMs\":1.5}}]}",
                "chapter 1 (\"A\"): \"standIn.sleepMs\" must be a whole number, was 1.5");
        assertProblem("{\"chapters\":[{" + ok + ",\"scenario\":7}]}", "\"scenario\" must be a name: seed, waves");
        assertProblem("{\"chapters\":[{" + ok + "}],\"theme\":\"dark\"}", "t.json: unknown field \"theme\"");
        assertProblem("{\"title\":7,\"chapters\":[{" + ok + "}]}", "t.json: \"title\" must be text, was 7");
    }

    private static void assertProblem(String json, String expected) {
        TalkTrackException e = assertThrows(TalkTrackException.class, () -> TalkTrackLoader.parse(json, "t.json"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().startsWith("t.json"), e.getMessage());
    }
}
