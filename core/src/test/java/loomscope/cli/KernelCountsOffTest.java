package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.testing.Jdk21;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * #36's acceptance on a machine whose kernel gives no counts (as macOS or Windows): with
 * {@code -Dloomscope.clock.kernelCounts=off} in the child, the seed on JDK 21 still has every thread's mount pinned
 * and none unsure (CausesUnderAgentTest does the same for the test application's routes).
 */
class KernelCountsOffTest {

    @Test
    void theSeedOnJdk21IsPinnedWithoutTheKernelsCounts() throws Exception {
        Path jdk21 = Jdk21.find();
        Assumptions.assumeTrue(jdk21 != null, "no JDK 21 here (LOOMSCOPE_JDK21)");
        CliInputTest.Result r = CliInputTest.cli("run", "--jdk", jdk21.toString(), "--jvm-arg", "-Dloomscope.clock.kernelCounts=off",
                "--threads", "100", "--parallelism", "1", "--lock", "synchronized", "--json");
        assertEquals(0, r.exit(), r.err() + r.out());
        JsonNode run = new ObjectMapper().readTree(r.out());
        assertTrue(run.get("jdkVersion").asText().startsWith("21"), run.toString());
        assertEquals(100, run.get("pinnedThreads").asInt(), "every thread pinned its carrier for its sleep: " + run);
        assertEquals(0, run.get("unsureMounts").asInt(), run.toString());
        assertTrue(run.get("causesClassified").asBoolean(), run.toString());
    }
}
