package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A path with an accent under {@code LANG=C}, where the JDK names files in ASCII: one line that says what to do, exit
 * 2, nothing made. The command is a shell script written as UTF-8 bytes, so that the accent reaches the CLI whatever
 * this JVM's own locale is.
 */
class PathEncodingTest {

    @TempDir
    Path dir;

    private CliScratch.Result underLangC(String... args) throws Exception {
        StringBuilder script = new StringBuilder("exec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' " + loomscope.testing.QuickJvm.C1_ONLY + " --add-opens java.base/java.lang=ALL-UNNAMED -Djava.awt.headless=true -cp '"
                + System.getProperty("java.class.path") + "' " + LoomScopeCli.class.getName());
        for (String a : args) {
            script.append(" '").append(a).append('\'');
        }
        Path file = dir.resolve("cli.sh");
        Files.write(file, script.append('\n').toString().getBytes(StandardCharsets.UTF_8));
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", file.toString()).directory(dir.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/bin:/bin");
        pb.environment().put("LANG", "C");
        Process p = pb.start();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread drain = Thread.ofPlatform().start(() -> {
            try {
                p.getErrorStream().transferTo(err);
            } catch (java.io.IOException e) {
                // the process ended
            }
        });
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        drain.join();
        return new CliScratch.Result(p.exitValue(), out, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anAccentedPathUnderLangCIsOneLineSayingSetAUtf8Locale() throws Exception {
        for (List<String> args : List.of(
                List.of("export", "--threads", "10", "--out", dir.resolve("cartes-\u00e9t\u00e9").toString()),
                List.of("run", "--threads", "10", "--save", dir.resolve("\u00e9.loomrun").toString()))) {
            CliScratch.Result r = underLangC(args.toArray(String[]::new));
            String what = String.join(" ", args);
            assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), what + ": " + r.err());
            assertEquals(1, r.err().lines().count(), what + ": " + r.err());
            assertTrue(r.err().contains(args.get(3)) && r.err().contains("set a UTF-8 locale"), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
            assertEquals("", r.out());
        }
        try (var files = Files.list(dir)) {
            assertEquals(List.of(dir.resolve("cli.sh")), files.toList(), "nothing made");
        }
    }
}
