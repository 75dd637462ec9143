package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import loomscope.jdks.JdkInstall;
import org.junit.jupiter.api.Test;

/** Where a run happens answers what differs (#48): the window asks, it does not check which kind of target it holds. */
class RunTargetQuestionsTest {

    @Test
    void thisJvmStartsNoJvmAndAddsNoFlags() {
        RunTarget here = new RunTarget.ThisJvm();
        assertFalse(here.startsAJvm());
        assertEquals(List.of(), here.jvmArgs());
    }

    @Test
    void aChildJvmStartsOneWithItsFlags() {
        JdkInstall jdk = new JdkInstall(Path.of("/opt/jdk-25"), "25.0.1", 25, "Temurin", "test");
        RunTarget child = new RunTarget.ChildJvm(jdk, List.of("-XX:LockingMode=1"), "legacy");
        assertTrue(child.startsAJvm());
        assertEquals(List.of("-XX:LockingMode=1"), child.jvmArgs());
        assertEquals(List.of(), RunTarget.ChildJvm.of(jdk).jvmArgs());
    }
}
