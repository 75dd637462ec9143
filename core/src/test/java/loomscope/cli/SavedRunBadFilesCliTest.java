package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import loomscope.savedrun.CraftedRuns;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code export --from FILE.loomrun} with files that are not saved runs or hold impossible content (issue 24):
 * each exits 2 with one line naming the problem, no stack trace, nothing created, and nothing hangs. Kept apart
 * from {@link BadInputSuiteTest}'s table; the same checks ({@link CliScratch#assertRefused}).
 */
class SavedRunBadFilesCliTest {

    /** A 1x1 PNG: someone's picture renamed. */
    private static final byte[] PNG = Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");

    @TempDir
    Path root;

    private interface SetUp {
        void into(Path file) throws Exception;
    }

    private record Case(String what, SetUp setUp, String says) { }

    @TestFactory
    Stream<DynamicTest> everyBadSavedRunIsRefusedInOneLine() throws Exception {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("empty", file -> Files.write(file, new byte[0]), "it is empty, not a saved run"));
        cases.add(new Case("a PNG renamed", file -> Files.write(file, PNG), "it is not a LoomScope saved run (.loomrun)"));
        cases.add(new Case("JSON renamed", file -> Files.writeString(file, "{\"threads\": 5}\n"),
                "it is not a LoomScope saved run (.loomrun)"));
        cases.add(new Case("a pipe", file -> mkfifo(file), "is not a regular file"));
        cases.add(new Case("a link to /dev/zero", file -> Files.createSymbolicLink(file, Path.of("/dev/zero")),
                "is not a regular file"));
        cases.add(new Case("2 GiB sparse, 536,870,742 zero mounts",
                file -> CraftedRuns.sparseZeroMounts(file, 1L << 31, 536_870_742L), "more than a saved run can be"));
        for (CraftedRuns.BadFile bad : CraftedRuns.all()) {
            cases.add(new Case(bad.what(), file -> Files.write(file, bad.content()), bad.says()));
        }
        System.out.println("bad-input suite (cli, saved-run files): " + cases.size() + " inputs");
        int[] n = {0};
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.what() + " -> " + c.says(),
                () -> check(c, root.resolve("case-" + n[0]++))));
    }

    private static void check(Case c, Path dir) throws Exception {
        Files.createDirectories(dir);
        CliScratch scratch = CliScratch.in(dir);
        Path file = dir.resolve("run.loomrun");
        c.setUp().into(file);
        Map<String, String> before = scratch.fingerprint();
        for (String[] args : List.of(
                new String[] {"export", "--from", file.toString(), "--out", dir.resolve("cards").toString()},
                new String[] {"export", "--animate", "--from", file.toString(), "--out", dir.resolve("clip").toString()})) {
            // a blocked open of the pipe or an endless read of /dev/zero would hang: the timeout fails it instead
            CliScratch.Result r = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> CliScratch.inProcess(args));
            scratch.assertRefused(r, before, "--from", c.what() + ": " + String.join(" ", args));
            assertTrue(r.err().contains(c.says()), c.what() + ": " + r.err());
            assertEquals(1, r.err().lines().count());
        }
    }

    private static void mkfifo(Path file) throws Exception {
        assertEquals(0, new ProcessBuilder("mkfifo", file.toString()).start().waitFor());
    }
}
