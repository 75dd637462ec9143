package loomscope.runs;

import loomscope.jdks.JdkInstall;
import loomscope.jdks.LegacyLocking;

import java.util.List;

/** Where a run happens: in this JVM, or in a child JVM of another (or the same) runtime with extra flags. */
public sealed interface RunTarget {

    String label();

    /** Whether the run starts a JVM of its own (a child): what the window says while it starts, and its host policy. */
    default boolean startsAJvm() { return false; }

    /** The flags added to the child's command line; none in this JVM. */
    default List<String> jvmArgs() { return List.of(); }

    /** The app's own JVM: no child, the recording is written directly. */
    record ThisJvm() implements RunTarget {
        @Override public String label() { return "This JVM (Java " + Runtime.version() + ")"; }
    }

    /** A child JVM started from {@code jdk} with {@code jvmArgs} added to the command line. */
    record ChildJvm(JdkInstall jdk, List<String> jvmArgs, String label) implements RunTarget {
        /** @throws IllegalArgumentException naming --jvm-arg for an empty or blank flag (java would take it for the main class) */
        public ChildJvm {
            jvmArgs = List.copyOf(jvmArgs);
            for (String arg : jvmArgs) {
                if (arg.isBlank()) {
                    throw new IllegalArgumentException("--jvm-arg must not be empty or blank, was '" + arg + "'");
                }
            }
        }

        @Override public boolean startsAJvm() { return true; }

        /** {@code jdk} as it is. */
        public static ChildJvm of(JdkInstall jdk) {
            return new ChildJvm(jdk, List.of(), "Java " + jdk.version() + (jdk.pinsOnSynchronized()
                    ? " (synchronized pins)" : "") + " — " + jdk.home());
        }

        /** The preset: {@code jdk} with legacy locking, so that {@code synchronized} pins as on JDK 21. */
        public static ChildJvm legacyLocking(JdkInstall jdk) {
            return new ChildJvm(jdk, List.of(LegacyLocking.FLAG),
                    "Java " + jdk.version() + " + legacy locking (synchronized pins, like JDK 21)");
        }
    }
}
