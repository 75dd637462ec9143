package loomscope.ui.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;

/** The code pane shows the workload's real source: the very files in src/main, cut, never retyped. */
class ScenarioCodeTest {
    /** The two source folders the build copies into one: the workload's and the scenarios'. */
    private static final List<Path> SOURCES = List.of(Path.of("../core/src/main/java/loomscope/workload"),
            Path.of("../core/src/main/java/loomscope/scenario"));

    @Test
    void everyWorkloadSourceFileIsInTheBuildExactlyAsInSrcMain() throws IOException {
        int count = 0;
        for (Path folder : SOURCES) {
            List<Path> files;
            try (Stream<Path> walk = Files.walk(folder)) {
                files = walk.filter(p -> p.toString().endsWith(".java")).toList();
            }
            for (Path file : files) {
                String name = folder.relativize(file).toString().replace('\\', '/');
                assertEquals(Files.readString(file), WorkloadSources.read(name), name + " as the build copied it");
            }
            count += files.size();
        }
        assertTrue(count > 20, "the workload's and the scenarios' sources: " + count);
    }

    @Test
    void everyScenarioShowsBlocksCutWholeFromItsOwnSourceFiles() throws IOException {
        for (Scenario scenario : Scenarios.ALL) {
            for (LockMode lock : LockMode.values()) {
                ScenarioCode code = ScenarioCode.of(scenario, lock);
                assertFalse(code.parts().isEmpty(), scenario.name());
                for (Excerpt part : code.parts()) {
                    assertIsABlockOf(Files.readAllLines(source(part.file())), part.lines(), scenario.name() + " " + part);
                }
                assertFalse(code.caption().isBlank(), scenario.name());
                assertTrue(code.text().contains(code.focus()), scenario.name() + " shows the line it focuses on: " + code.focus());
            }
        }
    }

    @Test
    void whatEachScenarioShowsIsWhereItsThreadsBlock() {
        assertShows("seed", LockMode.SYNCHRONIZED, "synchronized (lock) {", "Thread.sleep(shape.sleepMillis());");
        assertShows("seed", LockMode.SHARED_SYNCHRONIZED, "synchronized (SHARED_LOCK) {");
        assertShows("seed", LockMode.REENTRANT_LOCK, "lock.lock();", "lock.unlock();");
        assertShows("seed", LockMode.NATIVE_FRAME, "nativeSection.callThroughNativeFrame(() -> slept[0] = inside.getAsBoolean());", "QSORT.invokeExact(");
        assertShows("native-frame", LockMode.NONE, "QSORT.invokeExact(");
        assertShows("waves", LockMode.REENTRANT_LOCK, "synchronized (lock) {");
        // the sections moved from SeedTask's switch into LockMode's constants: NONE's is a bare call, no lock
        assertShows("platform-vs-virtual", LockMode.SYNCHRONIZED, "return inside.getAsBoolean();",
                "return shape.lockMode().hold(() -> holdAndSleep(vt, observer, cancel));");
        assertFalse(ScenarioCode.of(Scenarios.byName("platform-vs-virtual"), LockMode.SYNCHRONIZED).text().contains("synchronized ("),
                "platform-vs-virtual shows the none section");
        assertShows("object-wait", LockMode.NONE, "synchronized (lock) {", "lock.wait(");
        assertShows("class-init", LockMode.NONE, "Class.forName(FreshClassLoader.TARGET, true, loader);", "static {", "Thread.sleep(loader.initMillis());");
        assertShows("class-loader", LockMode.NONE, "loader.loadClass(FreshClassLoader.TARGET);", "synchronized (getClassLoadingLock(name)) {", "Thread.sleep(findMillis);");
        assertShows("file-io", LockMode.NONE, "while (in.read(buffer) >= 0) {");
        assertShows("cart-service", LockMode.NONE, "synchronized (lock) {", "Thread.sleep(apiMillis);");
        assertShows("producer-consumer", LockMode.NONE, "wait();", "notifyAll();");
        assertFalse(ScenarioCode.of(Scenarios.byName("seed"), LockMode.SYNCHRONIZED).text().contains("SHARED_LOCK"),
                "the seed shows the chosen lock mode's section only");
    }

    @Test
    void anExcerptThatNoLongerMatchesItsSourceSaysWhere() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Excerpt.of("SeedTask.java", "private void noSuchMethod()").lines());
        assertTrue(e.getMessage().startsWith("SeedTask.java has no line with \"private void noSuchMethod()\""), e.getMessage());
        assertEquals(List.of("if (x) {", "    y();", "}"), Excerpt.of("X.java", "if (x)").cut("class X {\n    if (x) {\n        y();\n    }\n}\n"));
    }

    private static void assertShows(String scenario, LockMode lock, String... fragments) {
        String text = ScenarioCode.of(Scenarios.byName(scenario), lock).text();
        for (String f : fragments) {
            assertTrue(text.contains(f), scenario + " shows " + f + ":\n" + text);
        }
    }

    /** {@code shown} is a run of consecutive lines of {@code file}, every one with the same indentation removed. */
    private static void assertIsABlockOf(List<String> file, List<String> shown, String what) {
        for (int start = 0; start + shown.size() <= file.size(); start++) {
            String first = file.get(start);
            if (first.isBlank() || !first.endsWith(shown.get(0))) {
                continue;
            }
            String indent = first.substring(0, first.length() - shown.get(0).length());
            boolean all = true;
            for (int i = 0; i < shown.size() && all; i++) {
                String f = file.get(start + i);
                all = shown.get(i).isEmpty() ? f.isBlank() : f.equals(indent + shown.get(i));
            }
            if (all) {
                return;
            }
        }
        throw new AssertionError(what + ": not a block of its file:\n" + String.join("\n", shown));
    }

    /** {@code file} as {@link WorkloadSources} names it, in whichever source folder holds it. */
    private static Path source(String file) {
        return SOURCES.stream().map(folder -> folder.resolve(file)).filter(Files::exists).findFirst()
                .orElseThrow(() -> new AssertionError(file + " is in no source folder"));
    }
}
