package loomscope.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * JDK 25 AOT caches for the image's two launchers (JEP 483, 514, 515: classes loaded and linked ahead, and the training
 * run's method profiles), made when the image is built: each launcher is run once on a short scripted session with
 * {@code -XX:AOTCacheOutput}, and its {@code .cfg} then names the cache. The window's session: the window (Headless
 * glass, no warm-up) and one seed run; the command line's: the seed run. The cache lies beside the jars; the JVM maps
 * it wherever the image is moved to (it matches the class path by its longest common prefix) and, if a jar changed
 * since, says so on stderr ("[warning][aot] ... timestamp has changed", then why it is not used) and runs without it.
 * The .deb keeps the jars' times for this ({@link DebPackager}).
 * <p>A session that fails, or leaves no cache, leaves its launcher as it was, and {@link #train} says why: the image
 * works without a cache, only its first second is slower (docs/performance.md).
 */
final class AotTraining {
    /** A training session's ceiling: the window's takes ~10 s here, the command line's ~5 s. */
    private static final long SESSION_SECONDS = 300;

    private AotTraining() { }

    /** What one launcher's training did: the cache, or why there is none. */
    record Trained(String launcher, Path cache, String failure) { }

    /** Trains both launchers of the image at {@code root}; {@code scratch} is a folder of ours for the sessions' homes. */
    static List<Trained> train(Path root, Path scratch) throws IOException {
        List<Trained> trained = new ArrayList<>();
        trained.add(trainOne(root, AppImageBuilder.NAME, scratch, List.of("-Dglass.platform=Headless", "-Dprism.order=sw"),
                List.of("--no-warmup", "--threads=200", "--autorun", "--exit-after-run")));
        trained.add(trainOne(root, AppImageBuilder.CLI_LAUNCHER, scratch, List.of(),
                List.of("run", "--lock", "synchronized", "--parallelism", "1", "--threads", "5000", "--probes", "none")));
        return trained;
    }

    /** The cache file of {@code launcher} in the image at {@code root}. */
    static Path cacheOf(Path root, String launcher) {
        return AppImageBuilder.appDir(root).resolve(launcher + ".aot");
    }

    private static Trained trainOne(Path root, String launcher, Path scratch, List<String> jvmOptions, List<String> args)
            throws IOException {
        Path cache = cacheOf(root, launcher);
        Path home = Files.createDirectories(scratch.resolve("aot-home-" + launcher));
        Path log = scratch.resolve("aot-" + launcher + ".log");
        List<String> command = new ArrayList<>();
        command.add(AppImageBuilder.launcher(root, launcher).toString());
        command.addAll(args);
        List<String> options = new ArrayList<>(List.of("-XX:AOTCacheOutput=" + cache,
                // the session's settings and files go to a folder of ours, never the user's
                "-Duser.home=" + home, "-Djava.util.prefs.userRoot=" + home.resolve("prefs")));
        options.addAll(jvmOptions);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File(isWindows() ? "NUL" : "/dev/null")));
        pb.environment().put("JAVA_TOOL_OPTIONS", String.join(" ", options));
        pb.environment().remove("XDG_CONFIG_HOME");
        pb.environment().remove("_JAVA_OPTIONS");
        try {
            Process session = pb.start();
            if (!session.waitFor(SESSION_SECONDS, TimeUnit.SECONDS)) {
                session.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return failed(launcher, cache, "its session did not end within " + SESSION_SECONDS + " s", log);
            }
            if (session.exitValue() != 0) {
                return failed(launcher, cache, "its session exited with " + session.exitValue(), log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed(launcher, cache, "interrupted", log);
        }
        if (!Files.isRegularFile(cache) || Files.size(cache) == 0) {
            return failed(launcher, cache, "its session left no cache", log);
        }
        Files.deleteIfExists(Path.of(cache + ".config"));   // the one-step training's own intermediate file
        useCache(AppImageBuilder.appDir(root).resolve(launcher + ".cfg"), launcher + ".aot");
        return new Trained(launcher, cache, null);
    }

    private static Trained failed(String launcher, Path cache, String why, Path log) throws IOException {
        Files.deleteIfExists(cache);
        Files.deleteIfExists(Path.of(cache + ".config"));
        List<String> lines = Files.isRegularFile(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        String last = lines.isEmpty() ? "" : " (last line: " + lines.get(lines.size() - 1) + ")";
        return new Trained(launcher, null, why + last);
    }

    /** Adds {@code -XX:AOTCache=$APPDIR/NAME} to the launcher's JVM options (jpackage's [JavaOptions] section). */
    private static void useCache(Path cfg, String cacheName) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(cfg, StandardCharsets.UTF_8));
        int section = lines.indexOf("[JavaOptions]");
        // a stale or refused cache is said on stderr (the JVM's warnings go to stdout by default: `run --json` would
        // no longer be JSON)
        List<String> options = List.of("java-options=-XX:AOTCache=$APPDIR/" + cacheName, "java-options=-Xlog:all=off:stdout",
                "java-options=-Xlog:all=warning:stderr:uptime,level,tags");
        if (section < 0) {
            lines.add("[JavaOptions]");
            lines.addAll(options);
        } else {
            lines.addAll(section + 1, options);
        }
        Path written = Path.of(cfg + ".tmp");
        Files.write(written, lines, StandardCharsets.UTF_8);
        Files.move(written, cfg, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static boolean isWindows() {
        return AppImageBuilder.isWindows();
    }
}
