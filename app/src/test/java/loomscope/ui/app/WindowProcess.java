package loomscope.ui.app;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The java command line of a real window process, as a user starts it: JavaFX on the module path, the rest on the class path. */
final class WindowProcess {
    private WindowProcess() { }

    /**
     * Flags every test's window process that opens a window gets, as the test JVMs' windows do (app's pom): 15 pulses
     * a second, so at most 15 frames drawn, and the JIT compiling less. What these tests watch (output, exit codes,
     * threads' nice values) does not depend on either; the window's CPU does (docs/reliability.md). JavaFX says the
     * pulse's rate on stderr as its toolkit starts, so a launch that is refused before any window goes without them.
     */
    static final List<String> QUIET_FLAGS = List.of("-Djavafx.animation.pulse=15", "-XX:CompileThresholdScaling=4");

    /** {@link #command} with {@link #QUIET_FLAGS} before {@code jvmFlags}, so that a test's own flag wins. */
    static List<String> quietCommand(List<String> jvmFlags, List<String> windowOptions) {
        List<String> flags = new ArrayList<>(QUIET_FLAGS);
        flags.addAll(jvmFlags);
        return command(flags, windowOptions);
    }

    /** The window process with {@code jvmFlags}, as a user starts it. */
    static List<String> command(List<String> jvmFlags, List<String> windowOptions) {
        List<String> fx = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            (entry.matches(".*/org/openjfx/.*-(linux|mac|win)[^/]*\\.jar") ? fx : rest).add(entry);
        }
        if (fx.isEmpty()) {
            throw new IllegalStateException("JavaFX's platform jars are not on the test class path");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the window remembers its size and settings at exit: a test's window must not change the user's (a 1000 px
        // wide Headless window was remembered, and the next real window opened that narrow)
        cmd.add("-Djava.util.prefs.userRoot=" + Path.of(System.getProperty("basedir", "."), "target", "window-process-prefs")
                .toAbsolutePath());
        cmd.addAll(jvmFlags);
        cmd.addAll(List.of("--enable-native-access=ALL-UNNAMED,javafx.graphics", "--module-path", String.join(File.pathSeparator, fx),
                "--add-modules", "javafx.controls,javafx.swing", "-cp", String.join(File.pathSeparator, rest),
                LoomScopeApp.class.getName()));
        cmd.addAll(windowOptions);
        return cmd;
    }
}
