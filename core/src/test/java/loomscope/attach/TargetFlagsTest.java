package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The flags a JVM was started with, in HotSpot's order: the last word on a flag wins, wherever it was said. */
class TargetFlagsTest {
    private static final String FLAG = "EnableDynamicAgentLoading";

    @Test
    void theLastOccurrenceWinsInTheLaunchersOrder() {
        List<String> argv = List.of("java", "-XX:-" + FLAG, "-cp", "x", "Main");
        assertEquals(Optional.of(false), TargetFlags.of(argv, Map.of()).bool(FLAG));
        // JAVA_TOOL_OPTIONS comes first, the command line after it
        assertEquals(Optional.of(false), TargetFlags.of(argv, Map.of("JAVA_TOOL_OPTIONS", "-XX:+" + FLAG)).bool(FLAG));
        // JDK_JAVA_OPTIONS goes before the command line's own options
        assertEquals(Optional.of(false), TargetFlags.of(argv, Map.of("JDK_JAVA_OPTIONS", "-XX:+" + FLAG)).bool(FLAG));
        // _JAVA_OPTIONS comes last
        assertEquals(Optional.of(true), TargetFlags.of(argv, Map.of("_JAVA_OPTIONS", "-XX:+" + FLAG)).bool(FLAG));
        assertEquals(Optional.empty(), TargetFlags.of(List.of("java", "Main"), Map.of()).bool(FLAG));
    }

    @Test
    void saysWhichVariableGaveTheFlag() {
        List<String> argv = List.of("java", "-cp", "x", "Main");
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
            TargetFlags flags = TargetFlags.of(argv, Map.of(variable, "-Xmx64m  -XX:-" + FLAG));
            assertEquals(Optional.of(false), flags.bool(FLAG), variable);
            assertEquals(Optional.of(variable), flags.from("-XX:-" + FLAG), variable);
        }
        TargetFlags onTheCommandLine = TargetFlags.of(List.of("java", "-XX:-" + FLAG, "Main"), Map.of());
        assertEquals(Optional.empty(), onTheCommandLine.from("-XX:-" + FLAG));
    }

    @Test
    void theApplicationsArgumentsAreNotFlags() {
        TargetFlags flags = TargetFlags.of(List.of("java", "-cp", "-XX:-" + FLAG, "Main", "-XX:-" + FLAG), Map.of());
        assertEquals(Optional.empty(), flags.bool(FLAG));
        assertEquals("Main", flags.mainClass());
        assertEquals("app.jar", TargetFlags.of(List.of("java", "-Xmx1g", "-jar", "app.jar", "-XX:-" + FLAG), Map.of())
                .mainClass());
        assertEquals("com.example.Main", TargetFlags.of(List.of("java", "-p", "mods", "-m", "com.example/com.example.Main"),
                Map.of()).mainClass());
        assertEquals("Sleeper.java", TargetFlags.of(List.of("java", "--source", "21", "Sleeper.java"), Map.of()).mainClass());
    }

    @Test
    void variablesSplitAtWhiteSpaceOutsideQuotes() {
        assertEquals(List.of("-Da=b c", "-XX:-" + FLAG), TargetFlags.split(" \"-Da=b c\"\t-XX:-" + FLAG + " "));
        assertEquals(List.of(), TargetFlags.split("   "));
    }

    /** The launcher's @argfiles, -XX:VMOptionsFile= and -XX:Flags= are read as the JVM read them (#35). */
    @Test
    void filesTheCommandLineNamesAreRead() {
        Map<String, String> files = Map.of(
                "opts.txt", "# the service's options\n-Xmx64m \"-Dname=a b\"\n-XX:-" + FLAG + " # no agents\n",
                "/etc/vm.options", "-XX:-" + FLAG,
                ".hotspotrc", "# settings\n-" + FLAG + "\n+UseSerialGC\n");
        java.util.function.Function<String, Optional<String>> read = f -> Optional.ofNullable(files.get(f));
        TargetFlags argFile = TargetFlags.of(List.of("java", "@opts.txt", "Main", "@not-read.txt"), Map.of(), read);
        assertEquals(Optional.of(false), argFile.bool(FLAG));
        assertEquals(List.of("-Xmx64m", "-Dname=a b", "-XX:-" + FLAG), argFile.options());
        assertEquals("Main", argFile.mainClass());
        // a later word on the command line still wins over the file's
        assertEquals(Optional.of(true), TargetFlags.of(List.of("java", "@opts.txt", "-XX:+" + FLAG, "Main"), Map.of(), read).bool(FLAG));
        // in JDK_JAVA_OPTIONS, it says so
        TargetFlags fromEnv = TargetFlags.of(List.of("java", "Main"), Map.of("JDK_JAVA_OPTIONS", "@opts.txt"), read);
        assertEquals(Optional.of("JDK_JAVA_OPTIONS"), fromEnv.from("-XX:-" + FLAG));
        // @@ is a literal @, and --disable-@files stops the expansion
        assertEquals(Optional.empty(), TargetFlags.of(List.of("java", "--disable-@files", "@opts.txt"), Map.of(), read).bool(FLAG));
        assertEquals("@opts.txt", TargetFlags.of(List.of("java", "@@opts.txt"), Map.of(), read).mainClass());
        assertEquals(Optional.of(false), TargetFlags.of(List.of("java", "-XX:VMOptionsFile=/etc/vm.options", "Main"), Map.of(), read)
                .bool(FLAG));
        // the settings file goes first: the command line overrides it
        assertEquals(Optional.of(false), TargetFlags.of(List.of("java", "-XX:Flags=.hotspotrc", "Main"), Map.of(), read).bool(FLAG));
        assertEquals(Optional.of(true), TargetFlags.of(List.of("java", "-XX:+" + FLAG, "-XX:Flags=.hotspotrc", "Main"), Map.of(), read)
                .bool(FLAG));
        // a file that cannot be read adds nothing
        assertEquals(Optional.empty(), TargetFlags.of(List.of("java", "@gone.txt", "Main"), Map.of(), read).bool(FLAG));
    }

    @Test
    void anArgFileSplitsAsTheLauncherSplitsIt() {
        assertEquals(List.of("-cp", "a b.jar", "x\ty", "joined", "Main"),
                TargetFlags.argFile("-cp 'a b.jar' # a comment\n\"x\\ty\" \"jo\\\n    ined\"\nMain\n"));
        assertEquals(List.of(), TargetFlags.argFile("# only a comment"));
    }

    /** A real JVM started with -XX:-EnableDynamicAgentLoading in an @argfile: read through /proc, from its own folder. */
    @Test
    void aLiveJvmsArgFileIsRead() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/cwd")));
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("loomscope-argfile");
        java.nio.file.Files.writeString(dir.resolve("flags.txt"), "-XX:-" + FLAG + "\n");
        java.nio.file.Files.writeString(dir.resolve("Sleep.java"),
                "class Sleep { public static void main(String[] a) throws Exception { Thread.sleep(30_000); } }");
        Process jvm = new ProcessBuilder(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@flags.txt", "Sleep.java").directory(dir.toFile()).start();
        try {
            long deadline = System.nanoTime() + 10_000_000_000L;
            TargetFlags flags = TargetFlags.of(jvm.pid());
            while (!flags.mainClass().equals("Sleep.java") && System.nanoTime() < deadline) {
                Thread.sleep(10);   // between fork and exec the child's command line is still ours
                flags = TargetFlags.of(jvm.pid());
            }
            assertEquals("Sleep.java", flags.mainClass(), flags.toString());
            assertEquals(Optional.of(false), flags.bool(FLAG), flags.toString());
        } finally {
            jvm.destroyForcibly().waitFor();
            try (var files = java.nio.file.Files.list(dir)) {
                for (java.nio.file.Path f : files.toList()) {
                    java.nio.file.Files.delete(f);
                }
            }
            java.nio.file.Files.delete(dir);
        }
    }
}
