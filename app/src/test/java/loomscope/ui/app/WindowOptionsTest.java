package loomscope.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParameterException;

/** The window's options through picocli: everything refused before a window opens, one line naming the option. */
class WindowOptionsTest {
    private static int tried;

    @TempDir
    static Path dir;

    private record Bad(List<String> args, String named) { }

    private static Bad bad(String named, String... args) {
        return new Bad(List.of(args), named);
    }

    private static List<Bad> cases() {
        List<Bad> c = new ArrayList<>();
        c.add(bad("--lokc", "--lokc=none"));
        c.add(bad("--paralelism", "--paralelism=4"));
        c.add(bad("--presentr", "--presentr"));
        c.add(bad("--autorn", "--autorn"));
        c.add(bad("--nowarmup", "--nowarmup"));
        c.add(bad("-x", "-x"));
        c.add(bad("stray", "stray"));
        c.add(bad("--lock", "--lock=spinlock"));
        c.add(bad("--lock", "--lock="));
        c.add(bad("--lock", "--lock=SYNCHRONIZED "));
        c.add(bad("--lock", "--lock"));
        for (String p : new String[] {"0", "-1", "65", "1000000", "NaN", "1.5", "two", "", "99999999999"}) {
            c.add(bad("--parallelism", "--parallelism=" + p));
        }
        for (String n : new String[] {"0", "-5", "100001", "2000000", "NaN", "1e6", "many", ""}) {
            c.add(bad("--threads", "--threads=" + n));
        }
        for (String k : new String[] {"-1", "100000001", "lots", "1.0"}) {
            c.add(bad("--cpu", "--cpu=" + k));
        }
        for (String s : new String[] {"-1", "60001", "5ms", ""}) {
            c.add(bad("--sleep", "--sleep=" + s));
        }
        for (String t : new String[] {"blue", "", "DARKER"}) {
            c.add(bad("--theme", "--theme=" + t));
        }
        for (String r : new String[] {"0", "-3", "101", "x"}) {
            c.add(bad("--autorun", "--autorun=" + r));
        }
        c.add(bad("--exit-after-run", "--exit-after-run"));
        c.add(bad("--chapters", "--chapters"));
        c.add(bad("--chapters", "--chapters=" + dir.resolve("missing.json")));
        c.add(bad("--chapters", "--chapters=" + dir));
        c.add(bad("--open", "--open"));
        c.add(bad("--open", "--open=" + dir.resolve("missing.loomrun")));
        c.add(bad("--open", "--open=" + dir));
        try {
            c.add(bad("--open", "--open=" + Files.writeString(dir.resolve("empty.loomrun"), "")));
            c.add(bad("--open", "--open=" + Files.writeString(dir.resolve("json.loomrun"), "{\"threads\": 5}")));
            c.add(bad("--open", "--open=" + Files.writeString(dir.resolve("cut.loomrun"), "LOOMRUN\u001A\u0001")));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        c.add(bad("--threads", "--lock=none", "--threads=0", "--autorun", "--exit-after-run"));
        c.add(bad("--attach", "--attach"));
        c.add(bad("--attach", "--attach=0"));
        c.add(bad("--attach", "--attach=-4"));
        c.add(bad("--attach", "--attach=x"));
        c.add(bad("--attach", "--attach=99999999"));
        c.add(bad("itself", "--attach=" + ProcessHandle.current().pid()));
        c.add(bad("at most 8", "--attach=1,2,3,4,5,6,7,8,9"));
        c.add(bad("itself", "--attach=" + ProcessHandle.current().pid() + ",1"));
        c.add(bad("--autorun", "--attach=1", "--autorun"));
        c.add(bad("--scenario", "--scenario=no-such"));
        c.add(bad("--scenario", "--scenario"));
        c.add(bad("--param", "--scenario=object-wait", "--param", "wait-ms=0"));
        c.add(bad("--param", "--scenario=object-wait", "--param", "colour=red"));
        c.add(bad("--param", "--scenario=object-wait", "--param", "wait-ms"));
        c.add(bad("--param", "--param", "wait-ms=5"));
        // the seed takes --param like any scenario (its --lock, --cpu and --sleep spell three of them): a bad value is refused
        c.add(bad("--param", "--scenario=seed", "--param", "sleep-ms=-1"));
        c.add(bad("given twice", "--lock=none", "--param", "lock=synchronized"));
        c.add(bad("--lock", "--scenario=waves", "--lock=none"));
        // picocli's map kept the second value silently (#24)
        c.add(bad("given twice", "--scenario=object-wait", "--param", "wait-ms=5", "--param", "wait-ms=6"));
        // the hidden scenario would load any compiled folder, skipping the compiler (#24)
        c.add(bad("--scenario", "--scenario=task-file", "--param", "class=Task", "--param", "classes=" + dir));
        return c;
    }

    @TestFactory
    Stream<DynamicTest> everyBadOptionIsRefusedWithOneLineNamingIt() {
        List<Bad> cases = cases();
        tried = cases.size();
        return cases.stream().map(b -> DynamicTest.dynamicTest(String.join(" ", b.args()), () -> {
            ParameterException e = assertThrows(ParameterException.class, () -> WindowOptions.parse(b.args()));
            String line = WindowOptions.oneLine(e);
            assertFalse(line.contains("\n"), line);
            assertTrue(line.contains(b.named()), "names " + b.named() + ": " + line);
            assertFalse(line.contains("Exception"), line);
        }));
    }

    @AfterAll
    static void count() {
        System.out.println("bad-input suite (window options): " + tried + " inputs");
    }

    @Test
    void goodOptionsAreRead() throws Exception {
        Path chapters = Files.writeString(dir.resolve("mine.json"), "{}");
        WindowOptions o = WindowOptions.parse(List.of("--lock=native-frame", "--parallelism=4", "--threads=5000",
                "--cpu", "100", "--sleep=0", "--theme=high-contrast", "--autorun=3", "--exit-after-run", "--no-warmup",
                "--compare", "--presenter", "--reset-settings", "--chapters=" + chapters));
        assertEquals(3, o.autoruns());
        assertTrue(o.exitAfterRun() && !o.warmUp() && o.compare() && o.presenter() && o.resetSettings());
        assertEquals(chapters, o.chapters());
        assertEquals(AppTheme.HIGH_CONTRAST, o.theme());
        assertEquals(1, WindowOptions.parse(List.of("--autorun")).autoruns(), "--autorun alone runs once");
        WindowOptions none = WindowOptions.none();
        assertFalse(none.autorun());
        assertTrue(none.warmUp());
        assertNull(none.theme());
        assertNull(none.chapters());
        WindowOptions.parse(List.of("--scenario=object-wait", "--param", "wait-ms=1,000", "--threads=4"));
        WindowOptions.parse(List.of("--scenario=seed", "--lock=none"));
    }

    @Test
    void aSuggestionForAMisspeltOption() {
        ParameterException e = assertThrows(ParameterException.class, () -> WindowOptions.parse(List.of("--lokc=none")));
        assertTrue(WindowOptions.oneLine(e).contains("did you mean --lock?"), WindowOptions.oneLine(e));
    }

    /**
     * As a user starts it: a real JVM, JavaFX on the module path as the java launcher wants it for an Application
     * class, and through mvn javafx:run's entry point (no display at all); both must refuse before any window.
     */
    @Test
    void aMisspeltOptionEndsTheLaunchWithExitTwoBeforeAnyWindow() throws Exception {
        // the java launcher starts JavaFX's toolkit itself for an Application class (its FX helper), before main:
        // headless here, as this machine has no display; main then refuses before any window exists
        assertRefusedWithExitTwo(WindowProcess.command(List.of("-Dglass.platform=Headless"), List.of("--lokc=none")));
        assertRefusedWithExitTwo(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "loomscope.launcher.Launcher", "--lokc=none"));
    }

    private static void assertRefusedWithExitTwo(List<String> cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove("DISPLAY");
        Process p = pb.start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "ends by itself");
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(2, p.exitValue(), err);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("loomscope: Unknown option: '--lokc=none'"), err);
        assertEquals("", out);
    }

    @Test
    void helpListsEveryOption() {
        String usage = WindowOptions.usage();
        for (String option : new String[] {"--lock", "--parallelism", "--threads", "--cpu", "--sleep", "--theme",
                "--autorun", "--exit-after-run", "--no-warmup", "--compare", "--presenter", "--reset-settings", "--chapters",
                "--scenario", "--param", "--attach"}) {
            assertTrue(usage.contains(option), option);
        }
    }
}
