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

import loomscope.workload.LockMode;
import loomscope.workload.Scenario;
import loomscope.workload.Scenarios;
import org.junit.jupiter.api.Test;

/** The code pane shows the workload's real source: the very files in src/main, cut, never retyped. */
class ScenarioCodeTest {
    private static final Path WORKLOAD = Path.of("../core/src/main/java/loomscope/workload");

    @Test
    void everyWorkloadSourceFileIsInTheBuildExactlyAsInSrcMain() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(WORKLOAD)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        assertTrue(files.size() > 20, "the workload's sources: " + files.size());
        for (Path file : files) {
            String name = WORKLOAD.relativize(file).toString().replace('\\', '/');
            assertEquals(Files.readString(file), WorkloadSources.read(name), name + " as the build copied it");
        }
    }

    @Test
    void everyScenarioShowsBlocksCutWholeFromItsOwnSourceFiles() throws IOException {
        for (Scenario scenario : Scenarios.ALL) {
            for (LockMode lock : LockMode.values()) {
                ScenarioCode code = ScenarioCode.of(scenario, lock);
                assertFalse(code.parts().isEmpty(), scenario.name());
                for (Excerpt part : code.parts()) {
                    assertIsABlockOf(Files.readAllLines(WORKLOAD.resolve(part.file())), part.lines(), scenario.name() + " " + part);
                }
                assertFalse(code.caption().isBlank(), scenario.name());
                assertTrue(code.text().contains(code.focus()), scenario.name() + " shows the line it focuses on: " + code.focus());
            }
        }
    }

    @Test
    void whatEachScenarioShowsIsWhereItsThreadsBlock() {
        assertShows("seed", LockMode.SYNCHRONIZED, "synchronized (lock) {", "Thread.sleep(config.sleepMillis());");
        assertShows("seed", LockMode.SHARED_SYNCHRONIZED, "synchronized (SHARED_LOCK) {");
        assertShows("seed", LockMode.REENTRANT_LOCK, "lock.lock();", "lock.unlock();");
        assertShows("seed", LockMode.NATIVE_FRAME, "nativeSection.callThroughNativeFrame(this::holdAndSleep);", "QSORT.invokeExact(");
        assertShows("native-frame", LockMode.NONE, "QSORT.invokeExact(");
        assertShows("waves", LockMode.REENTRANT_LOCK, "synchronized (lock) {");
        assertShows("platform-vs-virtual", LockMode.SYNCHRONIZED, "case NONE -> holdAndSleep();");
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
                () -> Excerpt.of("Task.java", "private void noSuchMethod()").lines());
        assertTrue(e.getMessage().startsWith("Task.java has no line with \"private void noSuchMethod()\""), e.getMessage());
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
}
