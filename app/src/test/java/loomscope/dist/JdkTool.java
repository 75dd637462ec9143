package loomscope.dist;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.spi.ToolProvider;

/**
 * A JDK tool (jlink, jpackage) run inside this JVM, or as a process of its own where the tools it starts need an
 * environment of their own; a failure carries the tool's own output.
 */
record JdkTool(ToolProvider tool) {

    /** The tool of the JDK this JVM runs on, or a clear failure: a JRE or a JDK without jdk.jlink/jdk.jpackage. */
    static JdkTool named(String name) {
        return ToolProvider.findFirst(name).map(JdkTool::new).orElseThrow(() -> new IllegalStateException(
                "no " + name + " in " + System.getProperty("java.home")
                        + ": the app image needs a full JDK 25 with jlink and jpackage (Temurin has both)"));
    }

    void run(List<String> args) {
        StringWriter out = new StringWriter();
        int status;
        try (PrintWriter w = new PrintWriter(out)) {
            status = tool.run(w, w, args.toArray(String[]::new));
        }
        if (status != 0) {
            throw failed(status, out.toString(), args);
        }
    }

    /**
     * Runs the tool's launcher from this JVM's JDK with {@code environment} added to ours: the processes the tool
     * starts (jpackage's dpkg-deb) read their settings from it, and a tool run inside this JVM cannot give them one.
     */
    void runAsProcess(Map<String, String> environment, List<String> args) {
        Path launcher = Path.of(System.getProperty("java.home"), "bin", tool.name());
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException("no " + launcher + ": the app image needs a full JDK 25 with jlink and jpackage");
        }
        List<String> command = new ArrayList<>();
        command.add(launcher.toString());
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(environment);
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = p.waitFor();
            if (status != 0) {
                throw failed(status, out, args);
            }
        } catch (IOException e) {
            throw new IllegalStateException(tool.name() + " could not be started: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(tool.name() + " was interrupted", e);
        }
    }

    private IllegalStateException failed(int status, String output, List<String> args) {
        return new IllegalStateException(tool.name() + " failed (exit " + status + "): " + output.strip()
                + "\n  " + tool.name() + " " + String.join(" ", args));
    }
}
