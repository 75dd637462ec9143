package loomscope.dist;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.spi.ToolProvider;

/** A JDK tool (jlink, jpackage) run inside this JVM; a failure carries the tool's own output. */
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
            throw new IllegalStateException(tool.name() + " failed (exit " + status + "): " + out.toString().strip()
                    + "\n  " + tool.name() + " " + String.join(" ", args));
        }
    }
}
