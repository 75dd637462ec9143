package loomscope.dist;

import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * JavaFX's native libraries, which the Maven Central jars carry as resources at the jar's root. Left in the
 * linked module, JavaFX would copy them into {@code ~/.openjfx/cache} at every first start; JavaFX first looks
 * in the runtime's own library folder, where its jmods would have put them (measured with -Djavafx.verbose=true:
 * "Can't load library: …/runtime/lib/libglass.so", then "Loaded library /libglass.so from resource"). So they are
 * left out of the module and copied there: {@code lib} on Linux and macOS, {@code bin} on Windows.
 */
record JavaFxNatives(Path jar, String module, List<String> names) {

    static JavaFxNatives in(List<Path> modulePath) throws IOException {
        for (Path jar : modulePath) {
            var found = ModuleFinder.of(jar).find("javafx.graphics");
            if (found.isPresent()) {
                return new JavaFxNatives(jar, "javafx.graphics", nativeEntries(jar));
            }
        }
        throw new IllegalArgumentException("javafx.graphics is not on the module path");
    }

    boolean isEmpty() {
        return names.isEmpty();
    }

    /** jlink's --exclude-resources value: each library by its path inside the module. */
    String resourcePatterns() {
        return String.join(",", names.stream().map(n -> "/" + module + "/" + n).toList());
    }

    void copyInto(Path runtime) throws IOException {
        Path dir = runtime.resolve(AppImageBuilder.isWindows() ? "bin" : "lib");
        try (JarFile j = new JarFile(jar.toFile())) {
            for (String name : names) {
                try (InputStream in = j.getInputStream(j.getEntry(name))) {
                    Files.copy(in, dir.resolve(name));
                }
            }
        }
    }

    private static List<String> nativeEntries(Path jar) throws IOException {
        List<String> names = new ArrayList<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            for (JarEntry e : j.stream().toList()) {
                String n = e.getName();
                String lower = n.toLowerCase(Locale.ROOT);
                if (!n.contains("/") && (lower.endsWith(".so") || lower.endsWith(".dylib") || lower.endsWith(".dll"))) {
                    names.add(n);
                }
            }
        }
        return List.copyOf(names);
    }
}
