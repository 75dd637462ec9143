package loomscope.jdks;

import java.nio.file.Path;

/** The verdict on one path offered as a Java runtime: usable, or refused with a reason a person can act on. */
public sealed interface JdkCheck {

    Path path();

    /** The path is a runtime of feature release 21 or newer. */
    record Accepted(JdkInstall jdk) implements JdkCheck {
        @Override public Path path() { return jdk.home(); }
    }

    /** The path cannot run the workload; {@code reason} is one line saying why. */
    record Refused(Path path, String reason) implements JdkCheck { }

    default boolean accepted() { return this instanceof Accepted; }
}
