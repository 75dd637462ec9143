package loomscope.attach;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where {@code loomscope-agent.jar} is: beside the CLI's {@code loomscope.jar} (the core's build copies it there), or
 * where the system property {@value #PROPERTY} says (the tests, which run from the classes folder).
 */
public final class AgentJar {
    public static final String PROPERTY = "loomscope.agent.jar";
    public static final String FILE_NAME = "loomscope-agent.jar";

    private AgentJar() { }

    /** @throws AttachRefusedException naming where it looked */
    public static Path locate() {
        String set = System.getProperty(PROPERTY);
        Path candidate = set != null && !set.isBlank() ? Path.of(set) : besideCode();
        if (candidate == null || !Files.isRegularFile(candidate)) {
            throw new AttachRefusedException("the agent jar is missing (looked for " + candidate
                    + "): `mvn -B package -DskipTests` puts it beside loomscope.jar");
        }
        return candidate.toAbsolutePath();
    }

    private static Path besideCode() {
        try {
            Path code = Path.of(AgentJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path folder = Files.isDirectory(code) ? code.getParent() : code.getParent();
            return folder == null ? null : folder.resolve(FILE_NAME);
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
