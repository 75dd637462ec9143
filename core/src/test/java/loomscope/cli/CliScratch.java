package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A scratch folder for one bad input: a sentinel file and a sentinel folder beside the target, and a
 * fingerprint of everything in it, so a test can prove the CLI created, changed and deleted nothing.
 */
record CliScratch(Path dir) {

    static final String SENTINEL_TEXT = "the user's file: never touched";

    record Result(int exit, String out, String err) { }

    static CliScratch in(Path dir) throws IOException {
        Files.writeString(dir.resolve("sentinel.txt"), SENTINEL_TEXT);
        Files.createDirectories(dir.resolve("sentinel-dir"));
        Files.writeString(dir.resolve("sentinel-dir").resolve("inside.txt"), SENTINEL_TEXT);
        Files.createDirectories(dir.resolve("empty-dir"));
        return new CliScratch(dir);
    }

    Path sentinel() { return dir.resolve("sentinel.txt"); }

    /** Every path under the folder with its kind, and a file's size and modification time. */
    Map<String, String> fingerprint() throws IOException {
        Map<String, String> all = new TreeMap<>();
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.toList()) {
                BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                // a folder's own time moves when the CLI proves it can write there (a probe file, created and
                // removed): what counts is what is in it
                all.put(dir.relativize(p).toString(), a.isDirectory() ? "dir"
                        : "file " + a.size() + " " + a.lastModifiedTime().toMillis());
            }
        }
        return all;
    }

    /** The checks every refused input must pass. */
    void assertRefused(Result r, Map<String, String> before, String names, String what) throws IOException {
        assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), what + " -> exit " + r.exit() + ", stderr: " + r.err() + ", stdout: " + r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), what + ": one line on stderr, was: " + r.err());
        assertTrue(lines.get(0).contains(names), what + ": stderr names " + names + ": " + r.err());
        assertTrue(lines.get(0).startsWith("loomscope: "), what + ": " + r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("at loomscope") || r.err().contains("\tat "),
                what + ": no stack trace or exception name: " + r.err());
        assertEquals("", r.out(), what + ": refused before printing anything");
        assertEquals(before, fingerprint(), what + ": nothing created, changed or deleted in the scratch folder");
        assertEquals(SENTINEL_TEXT, Files.readString(sentinel()), what + ": sentinel untouched");
    }

    /** In this JVM, as picocli runs it: fast. */
    static Result inProcess(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = LoomScopeCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }

    /** A real `java loomscope.cli.LoomScopeCli` with this folder as its working folder: for paths relative to it. */
    Result inProcessOfItsOwn(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), loomscope.testing.QuickJvm.C1_ONLY,
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"), LoomScopeCli.class.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("loomscope-cli-out", ".txt");
        Path err = Files.createTempFile("loomscope-cli-err", ".txt");
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("the CLI hung: " + String.join(" ", args));
            }
            return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
