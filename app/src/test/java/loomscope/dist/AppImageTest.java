package loomscope.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Builds the app image with the dist profile's own code ({@link AppImageBuilder}) into a temporary folder and runs
 * its CLI launcher as a user would: no Maven, no JDK on the command line. The runs touch every JDK module the CLI
 * needs (JFR and snapshot probes, the HotSpot thread dump, a child JVM of the image's runtime, the timing cards),
 * since a missing module shows only at run time. The window launcher is only checked to be there: CI has no
 * display (the window was looked at under Xvfb: docs/app-image.md). On a JDK without jlink/jpackage this fails,
 * saying so; it does not skip. 16-22 s on 2 cores.
 */
class AppImageTest {

    private static final long TIMEOUT_SECONDS = 120;

    @TempDir
    static Path temp;

    private static Path root;

    @BeforeAll
    static void buildImage() throws IOException {
        Path base = Path.of(System.getProperty("basedir", "."));
        AppImageBuilder.Inputs inputs = AppImageBuilder.Inputs.of(base.resolve("target/classes"),
                base.resolve("target/runtime-classpath.txt"), "0.1.0-SNAPSHOT");
        root = AppImageBuilder.build(inputs, temp.resolve("dist"));
    }

    @Test
    void versionNamesTheRuntimeItWasLinkedFrom() throws Exception {
        Result r = cli("--version");
        assertEquals(0, r.status(), r.toString());
        assertEquals(List.of("LoomScope 0.1 on Java " + Runtime.version()), r.out(), r.toString());
    }

    @Test
    void helpListsTheCommands() throws Exception {
        Result r = cli("--help");
        assertEquals(0, r.status(), r.toString());
        String help = String.join("\n", r.out());
        for (String command : List.of("run", "bench", "export")) {
            assertTrue(Pattern.compile("(?m)^\\s+" + command + "\\s").matcher(help).find(), command + " missing: " + r);
        }
    }

    @Test
    void runRecordsTheSeedsLinesWithTheProbesAndWritesAThreadDump() throws Exception {
        Path dump = temp.resolve("dump.json");
        Result r = cli("run", "--threads", "200", "--lock", "synchronized", "--probes", "all",
                "--thread-dump", dump.toString());
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("Running with Java version: " + Runtime.version()), r.toString());
        assertTrue(r.out().contains("All 200 tasks completed."), r.toString());
        assertTrue(r.has("Lock synchronized, parallelism 1, pool scheduler: \\d+ pinned mounts, 1 carriers used\\."), r.toString());
        assertTrue(r.has("Verified by the JDK: snapshots .*; JFR \\d+ pinned events.*"), r.toString());   // jdk.jfr, java.management
        assertTrue(Files.readString(dump).contains("\"threadDump\""), "the HotSpot JSON dump (jdk.management)");
    }

    @Test
    void aChildJvmRunsOnTheImagesOwnRuntime() throws Exception {
        // --jvm-arg starts the child on this runtime's bin/java with the image's class path (the window's "Run on")
        Result r = cli("run", "--threads", "100", "--lock", "reentrant-lock", "--probes", "jfr", "--jvm-arg=-XX:+UseSerialGC");
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("All 100 tasks completed."), r.toString());
        assertTrue(r.has("Lock reentrant-lock, parallelism 1, pool scheduler: \\d+ pinned mounts, 1 carriers used\\."), r.toString());
    }

    @Test
    void exportDrawsTheTimingCards() throws Exception {
        Path out = temp.resolve("cards");
        Result r = cli("export", "--threads", "100", "--lock", "none", "--out", out.toString());
        assertEquals(0, r.status(), r.toString());
        try (var files = Files.list(out)) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.stream().anyMatch(n -> n.endsWith("-card-1920x1080.png")), names.toString());   // java.desktop
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Result r = cli("run", "--lock", "bogus");
        assertEquals(2, r.status(), r.toString());
        assertEquals(1, r.err().size(), r.toString());
        assertTrue(r.err().get(0).startsWith("loomscope: ") && r.err().get(0).contains("--lock"), r.toString());
    }

    @Test
    void theRuntimeHoldsJavaFxAndItsNativesAndTheWindowLauncherIsThere() throws Exception {
        Path window = AppImageBuilder.launcher(root, AppImageBuilder.NAME);
        assertTrue(Files.isExecutable(window), window + " is not an executable");
        Path runtime = AppImageBuilder.runtime(root);
        String modules = Files.readAllLines(runtime.resolve("release")).stream()
                .filter(l -> l.startsWith("MODULES=")).findFirst().orElse("");
        List<String> linked = Arrays.asList(modules.replace("MODULES=", "").replace("\"", "").split(" "));
        for (String m : List.of("javafx.controls", "javafx.swing", "atlantafx.base")) {
            assertTrue(linked.contains(m), m + " not linked: " + linked);
        }
        assertTrue(linked.containsAll(AppImageBuilder.JDK_MODULES), linked.toString());
        // JavaFX loads them from here, not from a copy in ~/.openjfx/cache
        Path natives = runtime.resolve(AppImageBuilder.isWindows() ? "bin" : "lib").resolve(System.mapLibraryName("glass"));
        assertTrue(Files.isRegularFile(natives), natives + " missing");
        assertTrue(Files.isExecutable(runtime.resolve("bin").resolve(AppImageBuilder.isWindows() ? "java.exe" : "java")),
                "the runtime keeps bin/java: child JVMs start from it");
        try (var siblings = Files.list(root.getParent().getParent())) {
            assertEquals(List.of("dist"), siblings.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("dist")).toList(),
                    "the builder's temporary folder is gone");
        }
    }

    private static Result cli(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(AppImageBuilder.launcher(root, AppImageBuilder.CLI_LAUNCHER).toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(temp, "out", ".txt");
        Path err = Files.createTempFile(temp, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");   // the image's own options only
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("no exit within " + TIMEOUT_SECONDS + " s: " + command);
        }
        return new Result(command, p.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readAllLines(err, StandardCharsets.UTF_8));
    }

    private record Result(List<String> command, int status, List<String> out, List<String> err) {
        boolean has(String regex) {
            Pattern p = Pattern.compile(regex);
            return out.stream().anyMatch(l -> p.matcher(l).matches());
        }

        @Override
        public String toString() {
            return String.join(" ", command) + " -> exit " + status + "\n--- stdout\n" + String.join("\n", out)
                    + "\n--- stderr\n" + String.join("\n", err);
        }
    }
}
