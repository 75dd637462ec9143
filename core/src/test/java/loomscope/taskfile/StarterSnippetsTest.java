package loomscope.taskfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every scenario has a starter that compiles for JDK 21 (native-frame: 22+) and this JDK and meets the contract. */
class StarterSnippetsTest {

    @Test
    void everyScenarioAndLockModeHasItsOwnStarter() {
        for (Scenario s : Scenarios.ALL) {
            if (s.name().equals("seed")) {
                for (LockMode lock : LockMode.values()) {
                    String text = StarterSnippets.forScenario(s, lock.cliName());
                    assertNotEquals(StarterSnippets.BLANK, text, "seed " + lock.cliName() + " has a starter");
                }
            } else {
                assertNotEquals(StarterSnippets.BLANK, StarterSnippets.forScenario(s, null), s.name() + " has a starter");
            }
        }
        assertEquals(StarterSnippets.BLANK, StarterSnippets.forScenario(null, null));
        assertEquals(StarterSnippets.BLANK, StarterSnippets.forScenario(Scenarios.byName("task-file"), null), "your code has no starter of its own");
        assertEquals(null, StarterSnippets.byFileName("../seed-none.java"), "a starter is named by its file alone");
    }

    @Test
    void everyStarterCompilesForJdk21AndThisJdk(@TempDir Path dir) throws Exception {
        for (String file : StarterSnippets.FILES) {
            String text = StarterSnippets.byFileName(file);
            assertNotNull(text, file);
            String className = SnippetFolder.className(text);
            assertNotNull(className, file + " names its public class");
            Path source = Files.createDirectories(dir.resolve(file)).resolve(className + ".java");
            Files.writeString(source, text);
            for (int release : new int[] {21, Runtime.version().feature()}) {
                boolean ffm = file.contains("native-frame");
                TaskFileCompiler.Result result = TaskFileCompiler.compile(source, dir.resolve(file + "-" + release), release);
                if (ffm && release < 22) {
                    assertInstanceOf(TaskFileCompiler.Result.Failed.class, result, "FFM is not in JDK 21's API");
                    continue;
                }
                assertInstanceOf(TaskFileCompiler.Result.Compiled.class, result, file + " at release " + release + ": " + result);
            }
            assertTrue(text.lines().allMatch(l -> l.length() <= 72), file + ": lines fit the big screen's 24 px code pane");
        }
    }
}
