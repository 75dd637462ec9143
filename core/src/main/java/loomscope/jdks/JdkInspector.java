package loomscope.jdks;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides whether a path is a Java runtime that can run the workload, and which version it is. The
 * {@code release} file answers without starting anything; without one (some JREs, jlinked images) we ask
 * {@code java -version}, which takes 0.1-0.5 s, so results are cached per home folder.
 */
public final class JdkInspector {

    private static final Pattern VERSION_LINE = Pattern.compile("version \"([^\"]+)\"");
    private static final long VERSION_TIMEOUT_SECONDS = 15;

    private final Map<Path, JdkCheck> cache = new ConcurrentHashMap<>();

    /** Inspects {@code path}: a runtime home, its {@code bin} folder, its {@code java} launcher or a macOS bundle. */
    public JdkCheck inspect(Path path, String foundBy) {
        if (path == null || path.toString().isBlank()) {
            return new JdkCheck.Refused(path, "no path given");
        }
        Path home = homeOf(path.toAbsolutePath().normalize());
        JdkCheck cached = cache.get(home);
        if (cached != null) {
            return relabel(cached, foundBy);
        }
        JdkCheck check = inspectHome(path, home, foundBy);
        cache.put(home, check);
        return check;
    }

    private static JdkCheck relabel(JdkCheck check, String foundBy) {
        if (check instanceof JdkCheck.Accepted a) {
            JdkInstall j = a.jdk();
            return new JdkCheck.Accepted(new JdkInstall(j.home(), j.version(), j.feature(), j.vendor(), foundBy));
        }
        return check;
    }

    private static JdkCheck inspectHome(Path given, Path home, String foundBy) {
        if (!Files.exists(home)) {
            return new JdkCheck.Refused(given, given + " does not exist");
        }
        if (!Files.isDirectory(home)) {
            return new JdkCheck.Refused(given, given + " is a file, not a JDK folder (give the folder that holds bin/java)");
        }
        Path launcher = launcherIn(home);
        if (!Files.isRegularFile(launcher)) {
            return new JdkCheck.Refused(given, home + " is not a JDK or JRE: it has no bin/" + launcher.getFileName());
        }
        if (!Files.isExecutable(launcher)) {
            return new JdkCheck.Refused(given, launcher + " is not executable");
        }
        String[] versionAndVendor = fromReleaseFile(home);
        if (versionAndVendor == null) {
            String reported = askLauncher(launcher);
            if (reported.startsWith("!")) {
                return new JdkCheck.Refused(given, reported.substring(1));
            }
            versionAndVendor = new String[] {reported, ""};
        }
        int feature = featureOf(versionAndVendor[0]);
        if (feature < 0) {
            return new JdkCheck.Refused(given, home + " reports an unreadable version '" + versionAndVendor[0] + "'");
        }
        if (feature < JdkInstall.MINIMUM_FEATURE) {
            return new JdkCheck.Refused(given, String.format(Locale.ROOT,
                    "%s is Java %s; LoomScope needs Java %d or newer (final virtual threads)",
                    home, versionAndVendor[0], JdkInstall.MINIMUM_FEATURE));
        }
        return new JdkCheck.Accepted(new JdkInstall(home, versionAndVendor[0], feature, versionAndVendor[1], foundBy));
    }

    /** The home folder for a path that may name the launcher, the bin folder or a macOS .jdk bundle. */
    static Path homeOf(Path p) {
        String name = p.getFileName() == null ? "" : p.getFileName().toString();
        if ((name.equals("java") || name.equals("java.exe")) && Files.isRegularFile(p) && p.getParent() != null
                && p.getParent().getParent() != null) {
            return p.getParent().getParent();
        }
        if (name.equals("bin") && Files.isRegularFile(launcherIn(p.getParent() == null ? p : p.getParent()))) {
            return p.getParent();
        }
        Path bundleHome = p.resolve("Contents").resolve("Home");
        if (Files.isDirectory(bundleHome)) {
            return bundleHome;
        }
        return p;
    }

    public static Path launcherIn(Path home) {
        Path bin = home.resolve("bin");
        Path exe = bin.resolve("java.exe");
        return Files.isRegularFile(exe) ? exe : bin.resolve("java");
    }

    /** JAVA_RUNTIME_VERSION (has the build) or JAVA_VERSION, and IMPLEMENTOR; null if there is no usable file. */
    private static String[] fromReleaseFile(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return null;
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(release)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
        String version = unquote(p.getProperty("JAVA_RUNTIME_VERSION", p.getProperty("JAVA_VERSION")));
        if (version == null || version.isEmpty()) {
            return null;
        }
        String vendor = unquote(p.getProperty("IMPLEMENTOR", ""));
        return new String[] {version, vendor == null ? "" : vendor};
    }

    private static String unquote(String s) {
        if (s == null) {
            return null;
        }
        String t = s.trim();
        return t.length() >= 2 && t.startsWith("\"") && t.endsWith("\"") ? t.substring(1, t.length() - 1) : t;
    }

    /** The version {@code java -version} prints, or "!" + a reason it could not be read. */
    private static String askLauncher(Path launcher) {
        try {
            BoundedCommand.Outcome out = BoundedCommand.run(List.of(launcher.toString(), "-version"),
                    VERSION_TIMEOUT_SECONDS);
            if (out.timedOut()) {
                return "!" + launcher + " -version did not answer within " + VERSION_TIMEOUT_SECONDS
                        + " s (stopped it)";
            }
            Matcher m = VERSION_LINE.matcher(out.output());
            if (out.exitCode() != 0 || !m.find()) {
                return "!" + launcher + " -version failed (exit " + out.exitCode() + "): " + out.firstLine();
            }
            return m.group(1);
        } catch (IOException e) {
            return "!" + launcher + " could not be started: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "!interrupted while asking " + launcher + " for its version";
        }
    }

    /** 21 for "21.0.8", 25 for "25.0.3+9-LTS" or "25-ea", 8 for "1.8.0_392"; -1 if unreadable. */
    static int featureOf(String version) {
        Matcher m = Pattern.compile("^(\\d+)(?:\\.(\\d+))?").matcher(version.trim());
        if (!m.find()) {
            return -1;
        }
        int first = Integer.parseInt(m.group(1));
        if (first == 1 && m.group(2) != null) {
            return Integer.parseInt(m.group(2));
        }
        return first;
    }
}
