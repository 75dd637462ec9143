package loomscope.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
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
                base.resolve("target/runtime-classpath.txt"), "0.1.0-SNAPSHOT", base.resolve("../agent/target/loomscope-agent.jar"));
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

    /**
     * #37: each launcher names the AOT cache its training session made, and the cache, made in the builder's
     * temporary folder and moved with the image since, is taken: the JVM says nothing of it, and maps classes from it.
     */
    @Test
    void bothLaunchersUseTheAotCacheTrainedForThem() throws Exception {
        for (String launcher : List.of(AppImageBuilder.NAME, AppImageBuilder.CLI_LAUNCHER)) {
            Path cache = AotTraining.cacheOf(root, launcher);
            assertTrue(Files.size(cache) > 1_000_000, cache + " is missing or empty");
            String cfg = Files.readString(AppImageBuilder.appDir(root).resolve(launcher + ".cfg"));
            assertTrue(cfg.contains("java-options=-XX:AOTCache=$APPDIR/" + launcher + ".aot\n"), cfg);
        }
        try (var left = Files.list(AppImageBuilder.appDir(root))) {
            assertEquals(List.of(), left.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".config")).toList(),
                    "the training's intermediate files are gone");
        }
        Result r = cli("run", "--threads", "100", "--probes", "none");
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.err().stream().noneMatch(l -> l.contains("[aot")), "the cache is taken without a word: " + r);
        List<String> command = List.of(AppImageBuilder.launcher(root, AppImageBuilder.CLI_LAUNCHER).toString(), "--version");
        Map<String, String> logging = new HashMap<>(System.getenv());
        Path loads = temp.resolve("class-loads.txt");
        logging.put("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + loads);
        Result loaded = run(command, logging);
        assertEquals(0, loaded.status(), loaded.toString());
        long shared = Files.readAllLines(loads).stream().filter(l -> l.contains("source: shared objects file")).count();
        assertTrue(shared > 500, shared + " classes mapped from the cache");
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
    void attachListsTheJvmsItCouldAttachTo() throws Exception {
        // jdk.attach is in the runtime and the agent jar beside the core's: the image's CLI is not a crippled one
        Result r = cli("attach", "--list");
        assertEquals(0, r.status(), r.toString());
        assertTrue(String.join("\n", r.out()).contains(Long.toString(ProcessHandle.current().pid())),
                "this test's JVM is listed: " + r);
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

    @Test
    void theDebianPackageUnpacksAndItsCliRunsWithABareEnvironment() throws Exception {
        String noDeb = DebPackager.whyNot();
        Assumptions.assumeTrue(noDeb == null, "no .deb on this machine: " + noDeb);
        Path deb = DebPackager.pack(root, "0.1.0", Files.createDirectory(temp.resolve("deb")));
        assertTrue(deb.getFileName().toString().matches("loomscope_0\\.1\\.0_[a-z0-9]+\\.deb"), deb.toString());
        Path scratch = temp.resolve("scratch-root");
        Path control = temp.resolve("deb-control");
        assertEquals(0, run(List.of("dpkg-deb", "-x", deb.toString(), scratch.toString()), Map.of()).status());
        assertEquals(0, run(List.of("dpkg-deb", "-e", deb.toString(), control.toString()), Map.of()).status());

        assertTrue(Files.readString(control.resolve("control")).contains("Package: loomscope\n"));
        String postinst = Files.readString(control.resolve("postinst"));
        assertTrue(postinst.contains("link_command loomscope-cli") && postinst.contains("target=\"/opt/loomscope/bin/$1\""),
                "postinst puts the CLI on the PATH: " + postinst);
        assertTrue(Files.readString(control.resolve("prerm")).contains("unlink_command loomscope-cli"));
        Path lib = scratch.resolve("opt/loomscope/lib");
        String window = Files.readString(lib.resolve("loomscope-loomscope.desktop"));
        assertTrue(window.contains("Name=LoomScope\n") && window.contains("Exec=/opt/loomscope/bin/loomscope\n"), window);
        assertTrue(Files.readString(lib.resolve("loomscope-loomscope-cli.desktop")).contains("NoDisplay=true"),
                "the CLI's entry is hidden from the menus");

        // as an installed command runs: the package's launcher, a minimal environment, no JDK anywhere on the PATH
        Path cli = scratch.resolve("opt/loomscope/bin/loomscope-cli");
        Map<String, String> bare = Map.of("PATH", "/usr/bin:/bin", "HOME", temp.toString(), "LANG", "C");
        Result version = run(List.of(cli.toString(), "--version"), bare);
        assertEquals(0, version.status(), version.toString());
        assertEquals(List.of("LoomScope 0.1 on Java " + Runtime.version()), version.out(), version.toString());
        Result r = run(List.of(cli.toString(), "run", "--threads", "200", "--lock", "synchronized", "--probes", "jfr"), bare);
        assertEquals(0, r.status(), r.toString());
        assertTrue(r.out().contains("All 200 tasks completed."), r.toString());
        assertTrue(r.err().stream().noneMatch(l -> l.contains("[aot")), "installed elsewhere, the cache is still taken: " + r);
    }

    private static Result cli(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(AppImageBuilder.launcher(root, AppImageBuilder.CLI_LAUNCHER).toString());
        command.addAll(List.of(args));
        return run(command, null);
    }

    /** {@code environment}: the whole environment, or null for this JVM's without JAVA_TOOL_OPTIONS. */
    private static Result run(List<String> command, Map<String, String> environment) throws IOException, InterruptedException {
        Path out = Files.createTempFile(temp, "out", ".txt");
        Path err = Files.createTempFile(temp, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");   // the image's own options only
        if (environment != null) {
            pb.environment().clear();
            pb.environment().putAll(environment);
        }
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
