package loomscope.jdks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Finds the Java runtimes installed where people and tools usually put them, plus the ones the user added.
 * Starts {@code java -version} only for folders without a {@code release} file: call it off the FX thread.
 */
public final class JdkDiscovery {

    private final Places places;
    private final JdkInspector inspector;

    /** What discovery looks at; a record so that tests can point it at folders they made. */
    public record Places(Map<String, String> env, Path userHome, String osName, Path thisJavaHome,
                        List<Path> jdk21Hints, List<Path> userAdded) {

        /** This machine, with the paths the user added. */
        public static Places ofThisMachine(List<Path> userAdded) {
            return new Places(System.getenv(), Path.of(System.getProperty("user.home")),
                    System.getProperty("os.name", ""), Path.of(System.getProperty("java.home")),
                    jdk21FromEnvironment(), userAdded);
        }
    }

    /**
     * A JDK 21 the user points LoomScope at without adding it in the window: {@value #JDK21_ENV} (docs/probes-and-jdks.md).
     */
    static final String JDK21_ENV = "LOOMSCOPE_JDK21";

    private static List<Path> jdk21FromEnvironment() {
        String value = System.getenv(JDK21_ENV);
        return value == null || value.isBlank() ? List.of() : List.of(Path.of(value));
    }

    /** The usable runtimes (newest first) and every refused candidate with its reason. */
    public record Found(List<JdkInstall> usable, List<JdkCheck.Refused> refused) {
        /** The first usable runtime of feature release {@code feature}, or null. */
        public JdkInstall firstOfFeature(int feature) {
            return usable.stream().filter(j -> j.feature() == feature).findFirst().orElse(null);
        }
    }

    public JdkDiscovery(Places places, JdkInspector inspector) {
        this.places = places;
        this.inspector = inspector;
    }

    public Found discover() {
        Map<Path, JdkInstall> usable = new LinkedHashMap<>();
        List<JdkCheck.Refused> refused = new ArrayList<>();
        for (Candidate c : candidates()) {
            JdkCheck check = inspector.inspect(c.path(), c.foundBy());
            if (check instanceof JdkCheck.Accepted a) {
                usable.putIfAbsent(realPath(a.jdk().home()), a.jdk());
            } else if (check instanceof JdkCheck.Refused r && !alreadyRefused(refused, r)) {
                refused.add(r);
            }
        }
        List<JdkInstall> sorted = new ArrayList<>(usable.values());
        sorted.sort(Comparator.comparingInt(JdkInstall::feature).reversed());
        return new Found(List.copyOf(sorted), List.copyOf(refused));
    }

    private static boolean alreadyRefused(List<JdkCheck.Refused> refused, JdkCheck.Refused r) {
        return refused.stream().anyMatch(x -> x.reason().equals(r.reason()));
    }

    record Candidate(Path path, String foundBy) { }

    List<Candidate> candidates() {
        List<Candidate> out = new ArrayList<>();
        places.userAdded().forEach(p -> out.add(new Candidate(p, "added by you")));
        String javaHome = places.env().get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            out.add(new Candidate(Path.of(javaHome), "JAVA_HOME"));
        }
        if (places.thisJavaHome() != null) {
            out.add(new Candidate(places.thisJavaHome(), "this app's JVM"));
        }
        // the JDK 21 hints are guesses (CI's and the dev machine's folders): one that is absent is no news
        places.jdk21Hints().stream().filter(Files::exists).forEach(p -> out.add(new Candidate(p, "LoomScope's JDK 21")));
        childrenOf(Path.of("/usr/lib/jvm"), "/usr/lib/jvm", out);
        Path home = places.userHome();
        childrenOf(home.resolve(".sdkman/candidates/java"), "SDKMAN!", out);
        childrenOf(home.resolve(".jdks"), "~/.jdks", out);
        String os = places.osName().toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            childrenOf(Path.of("/Library/Java/JavaVirtualMachines"), "macOS", out);
            childrenOf(home.resolve("Library/Java/JavaVirtualMachines"), "macOS (user)", out);
        }
        if (os.contains("win")) {
            String programFiles = places.env().getOrDefault("ProgramFiles", "C:\\Program Files");
            childrenOf(Path.of(programFiles, "Java"), "Program Files\\Java", out);
            childrenOf(Path.of(programFiles, "Eclipse Adoptium"), "Eclipse Adoptium", out);
        }
        return out;
    }

    private static void childrenOf(Path folder, String foundBy, List<Candidate> out) {
        if (!Files.isDirectory(folder)) {
            return;
        }
        try (Stream<Path> children = Files.list(folder)) {
            children.filter(Files::isDirectory).sorted()
                    // the SDKMAN! "current" link and Debian's alias links repeat a real folder
                    .filter(p -> !p.getFileName().toString().equals("current"))
                    .forEach(p -> out.add(new Candidate(p, foundBy)));
        } catch (IOException e) {
            // an unreadable folder just contributes nothing
        }
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
