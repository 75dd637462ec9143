package loomscope.dist;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds LoomScope's app image: a jlinked runtime of the JDK this runs on with JavaFX inside, the app's jars beside
 * it, and two jpackage launchers, {@code loomscope} (the window) and {@code loomscope-cli} (the command line).
 * <p>
 * {@code mvn -B -Pdist package} runs {@link #main} into {@code app/target/dist}; {@code AppImageTest} calls
 * {@link #build} into a temporary folder, so CI checks the very code that makes the image. jlink and jpackage
 * run in this JVM as {@link java.util.spi.ToolProvider}s: no shell, the same on Linux, macOS and Windows.
 * Everything is made in a new temporary folder beside the output and renamed into place at the end; an existing
 * output folder is replaced only if it carries our marker (a folder we did not make is never touched).
 */
public final class AppImageBuilder {

    static final String NAME = "loomscope";
    static final String CLI_LAUNCHER = "loomscope-cli";
    static final String WINDOW_MAIN = "loomscope.launcher.Launcher";
    static final String CLI_MAIN = "loomscope.cli.LoomScopeCli";
    static final String APP_JAR = "loomscope.jar";
    static final String AGENT_JAR = "loomscope-agent.jar";
    /** Written into every output folder we make: the only kind of folder a rebuild may replace. */
    static final String MARKER = ".loomscope-dist";

    /**
     * The JDK modules of the runtime: {@code jdeps --print-module-deps} over the app and its libraries gives
     * java.base, java.prefs, java.sql, jdk.jfr, jdk.management (+ javafx.swing, which brings java.desktop); every
     * CLI command run in an image of just these (JFR probes, snapshots, thread dumps, child JVMs, export) worked.
     */
    static final List<String> JDK_MODULES = List.of(
            "java.base",
            "java.desktop",      // timing cards are drawn with java.awt; javafx.swing needs it too
            "java.prefs",        // the window's saved settings
            "java.sql",          // Jackson's and picocli's java.sql.* types (jdeps); small
            "java.management",   // in-process thread snapshots
            "jdk.management",    // HotSpotDiagnosticMXBean: the JSON thread dump
            "jdk.jfr",           // the JFR probe (pinned events, --save-jfr)
            "jdk.compiler",      // issue #17 compiles the user's workload code inside the app
            "jdk.attach");       // `attach` loads the agent into a running JVM

    /**
     * The window's and the CLI's JVM options: the same as javafx-maven-plugin's options and the CLI jar's
     * manifest in pom.xml (the carrier pool's JDK-internal builder, FFM for native-frame and for JavaFX).
     */
    static final List<String> WINDOW_JAVA_OPTIONS = List.of("-Xms512m", "-Xmn64m",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED,javafx.graphics");
    static final List<String> CLI_JAVA_OPTIONS = List.of(
            "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED");

    private static final int NEEDED_JDK = 25;

    private AppImageBuilder() { }

    /** What the image is made of: Maven's compiled classes and the runtime class path of the dependencies. */
    public record Inputs(Path classes, List<Path> dependencies, String appVersion, Path agentJar) {
        public Inputs {
            dependencies = List.copyOf(dependencies);
        }

        /** Reads the class path maven-dependency-plugin wrote ({@code target/runtime-classpath.txt}). */
        public static Inputs of(Path classes, Path classpathFile, String projectVersion, Path agentJar) throws IOException {
            if (!Files.isRegularFile(classpathFile)) {
                throw new IllegalArgumentException("--classpath-file: no file " + classpathFile
                        + " (maven-dependency-plugin writes it in generate-test-resources)");
            }
            List<Path> jars = new ArrayList<>();
            for (String entry : Files.readString(classpathFile).strip().split(java.io.File.pathSeparator)) {
                if (!entry.isBlank()) {
                    jars.add(Path.of(entry.strip()));
                }
            }
            // jpackage takes numbers only (0.1.0, not 0.1.0-SNAPSHOT)
            int dash = projectVersion.indexOf('-');
            return new Inputs(classes, jars, dash < 0 ? projectVersion : projectVersion.substring(0, dash), agentJar);
        }
    }

    /**
     * Builds the image into {@code out} (created or replaced) and returns the image's root: on Linux and Windows
     * {@code out/loomscope}, on macOS {@code out/loomscope.app}.
     */
    public static Path build(Inputs inputs, Path out) throws IOException {
        if (Runtime.version().feature() < NEEDED_JDK) {
            throw new IllegalStateException("the app image is built with JDK " + NEEDED_JDK + "+; this JVM is "
                    + Runtime.version() + " at " + System.getProperty("java.home"));
        }
        JdkTool jlink = JdkTool.named("jlink");
        JdkTool jpackage = JdkTool.named("jpackage");
        Path target = out.toAbsolutePath().normalize();
        checkOutput(target);
        if (!Files.isDirectory(inputs.classes())) {
            throw new IllegalArgumentException("no compiled classes at " + inputs.classes() + " (run the build's compile first)");
        }
        if (!Files.isRegularFile(inputs.agentJar())) {
            throw new IllegalArgumentException("--agent-jar: no " + inputs.agentJar() + " (the agent module's build makes it)");
        }
        Path work = Files.createTempDirectory(target.getParent(), target.getFileName() + ".tmp-");
        try {
            AppJars jars = AppJars.sort(moduleClassesAsJars(inputs.dependencies(), Files.createDirectory(work.resolve("modules"))));
            Path input = Files.createDirectory(work.resolve("input"));
            AppJars.jarClasses(inputs.classes(), input.resolve(APP_JAR));
            // `attach` looks for the agent beside the core's jar, which is in this folder too
            Files.copy(inputs.agentJar(), input.resolve(AGENT_JAR));
            for (Path jar : jars.classPath()) {
                Files.copy(jar, input.resolve(jar.getFileName().toString()));
            }
            Path runtime = work.resolve("runtime");
            JavaFxNatives natives = JavaFxNatives.in(jars.modulePath());
            jlink.run(jlinkArgs(jars, natives, runtime));
            natives.copyInto(runtime);
            Path cliProperties = work.resolve(CLI_LAUNCHER + ".properties");
            Files.writeString(cliProperties, cliLauncherProperties());
            Path image = work.resolve("image");
            jpackage.run(jpackageArgs(inputs.appVersion(), input, runtime, cliProperties, image));
            for (AotTraining.Trained t : AotTraining.train(root(image), Files.createDirectory(work.resolve("training")))) {
                if (t.failure() != null) {
                    System.err.println("loomscope dist: no AOT cache for " + t.launcher() + ": " + t.failure());
                }
            }
            Files.writeString(image.resolve(MARKER), "Made by loomscope.dist.AppImageBuilder; a rebuild replaces this folder.\n");
            if (Files.exists(target)) {
                Files.move(target, work.resolve("previous"), StandardCopyOption.ATOMIC_MOVE);
            }
            Files.move(image, target, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Trees.delete(work);
        }
        return root(target);
    }

    /**
     * The class path with each folder of classes jarred into {@code folder}: Maven names a sibling module's
     * {@code target/classes} when the build stopped before packaging it ({@code mvn test}); jpackage takes jars.
     */
    private static List<Path> moduleClassesAsJars(List<Path> classPath, Path folder) throws IOException {
        List<Path> jars = new ArrayList<>();
        for (Path entry : classPath) {
            if (Files.isDirectory(entry)) {
                Path module = entry.toAbsolutePath().normalize().getParent().getParent();
                Path jar = folder.resolve("loomscope-" + module.getFileName() + ".jar");
                AppJars.jarClasses(entry, jar);
                jars.add(jar);
            } else {
                jars.add(entry);
            }
        }
        return jars;
    }

    /** The image's root folder inside {@code out}. */
    static Path root(Path out) {
        return out.resolve(isMac() ? NAME + ".app" : NAME);
    }

    /** A launcher's executable inside the image root. */
    static Path launcher(Path root, String name) {
        if (isMac()) {
            return root.resolve("Contents").resolve("MacOS").resolve(name);
        }
        return isWindows() ? root.resolve(name + ".exe") : root.resolve("bin").resolve(name);
    }

    /** The folder of the app's jars and the launchers' {@code .cfg} files inside the image root. */
    static Path appDir(Path root) {
        return isMac() ? root.resolve("Contents").resolve("app") : isWindows() ? root.resolve("app")
                : root.resolve("lib").resolve("app");
    }

    /** The runtime folder inside the image root (the one holding {@code release}). */
    static Path runtime(Path root) {
        return isMac() ? root.resolve("Contents").resolve("runtime").resolve("Contents").resolve("Home")
                : isWindows() ? root.resolve("runtime") : root.resolve("lib").resolve("runtime");
    }

    private static void checkOutput(Path target) {
        Path parent = target.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IllegalArgumentException("--out: the folder " + parent + " does not exist");
        }
        if (Files.exists(target) && !Files.isRegularFile(target.resolve(MARKER))) {
            throw new IllegalArgumentException("--out: " + target + " exists and was not made by this builder: not replacing it");
        }
    }

    private static List<String> jlinkArgs(AppJars jars, JavaFxNatives natives, Path runtime) {
        List<String> modules = new ArrayList<>(JDK_MODULES);
        modules.addAll(jars.moduleNames());
        List<String> args = new ArrayList<>(List.of(
                "--module-path", AppJars.joined(jars.modulePath()),
                "--add-modules", String.join(",", modules),
                // zip-6: 131 -> 85 MB on Linux, CLI start-up unchanged within noise (docs/app-image.md)
                "--strip-debug", "--no-header-files", "--no-man-pages", "--compress", "zip-6",
                "--output", runtime.toString()));
        if (!natives.isEmpty()) {
            args.addAll(List.of("--exclude-resources", natives.resourcePatterns()));
        }
        return args;
    }

    private static String cliLauncherProperties() {
        StringBuilder p = new StringBuilder();
        p.append("main-class=").append(CLI_MAIN).append('\n');
        p.append("java-options=").append(String.join(" ", CLI_JAVA_OPTIONS)).append('\n');
        if (isWindows()) {
            p.append("win-console=true\n");   // a console program: its output goes to the terminal it was started from
        }
        return p.toString();
    }

    private static List<String> jpackageArgs(String version, Path input, Path runtime, Path cliProperties, Path dest) {
        List<String> args = new ArrayList<>(List.of(
                "--type", "app-image",
                "--name", NAME,
                "--app-version", version,
                "--vendor", "LoomScope",
                "--description", "Virtual-thread pinning and JEP 491, recorded from real runs",
                "--input", input.toString(),
                "--main-jar", APP_JAR,
                "--main-class", WINDOW_MAIN,
                "--runtime-image", runtime.toString(),
                "--add-launcher", CLI_LAUNCHER + "=" + cliProperties,
                "--dest", dest.toString()));
        for (String option : WINDOW_JAVA_OPTIONS) {
            args.add("--java-options");
            args.add(option);
        }
        return args;
    }

    static boolean isMac() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("mac");
    }

    static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
    }

    /**
     * {@code java -cp target/test-classes loomscope.dist.AppImageBuilder --classes DIR --classpath-file FILE
     * --app-version V --out DIR}, as the dist profile in pom.xml runs it; on Linux it also packs the image as a
     * .deb into the same folder ({@link DebPackager}).
     */
    public static void main(String[] args) {
        try {
            String classes = null;
            String classpathFile = null;
            String version = null;
            String out = null;
            String agentJar = null;
            for (int i = 0; i < args.length; i += 2) {
                String value = i + 1 < args.length ? args[i + 1] : null;
                if (value == null) {
                    throw new IllegalArgumentException(args[i] + ": needs a value");
                }
                switch (args[i]) {
                    case "--classes" -> classes = value;
                    case "--classpath-file" -> classpathFile = value;
                    case "--app-version" -> version = value;
                    case "--out" -> out = value;
                    case "--agent-jar" -> agentJar = value;
                    default -> throw new IllegalArgumentException(args[i] + ": unknown option");
                }
            }
            if (classes == null || classpathFile == null || version == null || out == null || agentJar == null) {
                throw new IllegalArgumentException("needs --classes, --classpath-file, --app-version, --agent-jar and --out");
            }
            long start = System.nanoTime();
            Inputs inputs = Inputs.of(Path.of(classes), Path.of(classpathFile), version, Path.of(agentJar));
            Path root = build(inputs, Path.of(out));
            System.out.printf("App image: %s (%d MB, built in %.1f s)%n  window: %s%n  CLI:    %s%n", root,
                    Trees.size(root) / 1_000_000, (System.nanoTime() - start) / 1e9,
                    launcher(root, NAME), launcher(root, CLI_LAUNCHER));
            String noDeb = DebPackager.whyNot();
            if (noDeb == null) {
                long debStart = System.nanoTime();
                Path deb = DebPackager.pack(root, inputs.appVersion(), Path.of(out));
                System.out.printf("Debian package: %s (%d MB, built in %.1f s); sudo apt install %s%n", deb,
                        Files.size(deb) / 1_000_000, (System.nanoTime() - debStart) / 1e9, deb.toAbsolutePath());
            } else {
                System.out.println("No Debian package: " + noDeb);
            }
        } catch (IllegalArgumentException e) {
            System.err.println("app image: " + e.getMessage());
            System.exit(2);
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            System.err.println("app image: failed: " + e.getMessage());
            System.exit(1);
        }
    }
}
