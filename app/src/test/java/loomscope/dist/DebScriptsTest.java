package loomscope.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .deb's scripts put {@code loomscope-cli} on the PATH and take it off again without touching a file that is not
 * theirs: their link functions run here with {@code /usr/bin} moved to a temporary folder.
 */
class DebScriptsTest {

    @TempDir
    Path dir;

    @Test
    void postinstLinksTheCliAndPrermRemovesOnlyThatLink() throws Exception {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path link = bin.resolve("loomscope-cli");
        assertEquals(0, call("postinst", "link_command", bin).status);
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(Path.of("/opt/loomscope/bin/loomscope-cli"), Files.readSymbolicLink(link));
        assertEquals(0, call("postinst", "link_command", bin).status, "a second configure keeps our link");
        assertEquals(0, call("prerm", "unlink_command", bin).status);
        assertFalse(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aFileThatIsNotOursIsNeverReplacedNorRemoved() throws Exception {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path theirs = Files.writeString(bin.resolve("loomscope-cli"), "#!/bin/sh\necho someone else's\n");
        Result r = call("postinst", "link_command", bin);
        assertEquals(0, r.status, "the install goes on");
        assertTrue(r.err.contains("exists and is not ours: not replacing it"), r.err);
        assertEquals("#!/bin/sh\necho someone else's\n", Files.readString(theirs));
        assertEquals(0, call("prerm", "unlink_command", bin).status);
        assertTrue(Files.isRegularFile(theirs), "prerm removes only a link into the package");

        Files.delete(theirs);
        Path elsewhere = Files.createSymbolicLink(bin.resolve("loomscope-cli"), Path.of("/usr/local/bin/other"));
        call("postinst", "link_command", bin);
        call("prerm", "unlink_command", bin);
        assertEquals(Path.of("/usr/local/bin/other"), Files.readSymbolicLink(elsewhere), "a link of someone else's stays");
    }

    private record Result(int status, String err) { }

    /** Runs {@code function loomscope-cli} of the packaged {@code script}, its /usr/bin replaced by {@code bin}. */
    private Result call(String script, String function, Path bin) throws IOException, InterruptedException {
        String text;
        try (InputStream in = DebScriptsTest.class.getResourceAsStream("deb/" + script)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("@APP_DIR@", "/opt/loomscope");
        }
        Matcher m = Pattern.compile("(?ms)^" + function + "\\(\\) \\{.*?^\\}$").matcher(text);
        assertTrue(m.find(), function + " in " + script);
        String body = m.group().replace("\"/usr/bin/$1\"", "\"" + bin + "/$1\"");
        assertTrue(body.contains(bin.toString()), "the function names /usr/bin/$1: " + m.group());
        Path sh = Files.writeString(dir.resolve(script + ".sh"), "set -e\n" + body + "\n" + function + " loomscope-cli\n");
        Path err = dir.resolve(script + ".err");
        Process p = new ProcessBuilder("sh", sh.toString()).redirectError(err.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Result(p.exitValue(), Files.readString(err));
    }
}
