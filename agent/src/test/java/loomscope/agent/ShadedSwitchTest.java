package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * The agent's jar relocates the clock module's package, and the shade plugin rewrites constant strings that begin with
 * it too: {@code -Dloomscope.clock.kernelCounts=off} on an attached target must still be the switch its clocks and its
 * held-stack sampler read, not {@code loomscope.agent.shaded.clock.kernelCounts}.
 */
class ShadedSwitchTest {
    private static final Path JAR = Path.of("target", "loomscope-agent.jar");

    @Test
    void theShadedClocksReadTheSwitchByItsOwnName() throws Exception {
        assertTrue(Files.isRegularFile(JAR), "the agent jar is built at process-classes: " + JAR.toAbsolutePath());
        try (URLClassLoader loader = new URLClassLoader(new URL[] {JAR.toUri().toURL()}, null)) {
            Class<?> procFiles = Class.forName("loomscope.agent.shaded.clock.ProcFiles", true, loader);
            assertEquals("loomscope.clock.kernelCounts", procFiles.getField("SWITCH").get(null));
        }
    }
}
