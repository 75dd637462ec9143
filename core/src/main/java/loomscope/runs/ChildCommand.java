package loomscope.runs;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The command line that starts a child: the chosen {@code java}, the flags the workload needs, the user's
 * flags, and our own classes. The class path is this JVM's, minus JavaFX (the child draws nothing, and
 * JavaFX 26's classes would not even load on JDK 21); when the app runs from the module path (javafx:run)
 * the class path may be empty, so the code sources of the classes the child needs are added too.
 */
final class ChildCommand {

    /** Classes whose jars the child needs: ours, and Jackson for the probe parsers. */
    private static final String[] NEEDED = {
            "loomscope.runs.ChildMain",
            "com.fasterxml.jackson.databind.ObjectMapper",
            "com.fasterxml.jackson.core.JsonParser",
            "com.fasterxml.jackson.annotation.JsonProperty",
    };

    private ChildCommand() { }

    /** {@code leftovers}: the folder of ours where the child's JFR keeps its chunks and its probes their files. */
    static List<String> build(RunTarget.ChildJvm target, ChildArgs args, Path errorFileDir, ChildLeftovers leftovers) {
        List<String> cmd = new ArrayList<>();
        cmd.add(target.jdk().javaLauncher().toString());
        cmd.add("--add-opens");
        cmd.add("java.base/java.lang=ALL-UNNAMED");
        // carriers of the JDK's own class, as it compensates on them (CarrierPool); opened, not only exported, so
        // that on JDK 21 their clocks' reads can keep the pool from compensating for them too (CarrierClock)
        cmd.add("--add-opens");
        cmd.add("java.base/jdk.internal.misc=ALL-UNNAMED");
        if (target.jdk().feature() >= 22) {
            cmd.add("--enable-native-access=ALL-UNNAMED");   // FFM (native-frame mode) is final from 22
        }
        // The JVM's own messages (e.g. "LockingMode was deprecated", "Terminating due to java.lang.OutOfMemoryError")
        // go to stderr, apart from the flood a user's -Xlog:gc* or -verbose:class sends to stdout, so that the
        // line saying why a child died is among the few kept of its stderr.
        cmd.add("-XX:+DisplayVMOutputToStderr");
        // A child out of heap records nothing worth having and may go silent with its stream writer dead: make
        // it exit at once (status 3, the error named on stderr) instead of looking like a hang 10 s later.
        cmd.add("-XX:+ExitOnOutOfMemoryError");
        // A crash report where we can find it and not in the user's working folder.
        cmd.add("-XX:ErrorFile=" + errorFileDir.resolve("loomscope-child-hs_err_pid%p.log"));
        cmd.addAll(leftovers.childFlags());   // before the user's flags: theirs win
        cmd.addAll(leftovers.userFlags(target.jvmArgs()));
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath()));
        cmd.add(ChildMain.class.getName());
        cmd.addAll(args.toArgs());
        return cmd;
    }

    static List<String> classPath() {
        Set<String> entries = new LinkedHashSet<>();
        for (String property : new String[] {"java.class.path", "jdk.module.path"}) {
            String value = System.getProperty(property, "");
            for (String entry : value.split(File.pathSeparator)) {
                if (!entry.isBlank() && !isJavaFx(entry)) {
                    entries.add(entry);
                }
            }
        }
        for (String name : NEEDED) {
            String location = codeSourceOf(name);
            if (location != null) {
                entries.add(location);
            }
        }
        return List.copyOf(entries);
    }

    private static boolean isJavaFx(String entry) {
        String file = Path.of(entry).getFileName() == null ? entry : Path.of(entry).getFileName().toString();
        String lower = file.toLowerCase(Locale.ROOT);
        return lower.startsWith("javafx-") || lower.startsWith("atlantafx-") || lower.startsWith("testfx-")
                || lower.startsWith("openjfx-monocle");
    }

    private static String codeSourceOf(String className) {
        try {
            Class<?> c = Class.forName(className, false, ChildCommand.class.getClassLoader());
            CodeSource source = c.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return null;
            }
            Path path = Path.of(source.getLocation().toURI());
            return Files.exists(path) ? path.toString() : null;
        } catch (ClassNotFoundException | URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
