package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files that are not files, where LoomScope or its agent reads a secret: a named pipe (whose open waits for a writer:
 * the target froze before its {@code main}, the CLI before anything else), {@code /dev/zero}, a token open to others
 * (0644), a file of a gigabyte (sparse). Each is refused in one line without being opened; the CLI exits 2 at once,
 * and the target runs its {@code main} with its output unchanged.
 */
class SecretFilesTest {
    private static final String TOKEN = "0123456789abcdef0123456789abcdef";
    private static final String FINGERPRINT = "ab".repeat(32);

    @TempDir
    Path dir;

    /** The four bad files, each with the words its refusal must hold. */
    private List<Object[]> badTokenFiles() throws Exception {
        Path fifo = dir.resolve("token.fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo");
        Path open = Files.writeString(dir.resolve("token.0644"), TOKEN + "\n");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        Path huge = dir.resolve("token.huge");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(1L << 30);
        }
        Files.setPosixFilePermissions(huge, PosixFilePermissions.fromString("rw-------"));
        return List.of(
                new Object[] {fifo, "is not a regular file (a named pipe, a device or a socket)"},
                new Object[] {Path.of("/dev/zero"), "is not a regular file (a named pipe, a device or a socket)"},
                new Object[] {open, "is open to its group and others (mode 0644)"},
                new Object[] {huge, "holds more than a token"});
    }

    @Test
    void theCliRefusesEachInOneLineAtOnceWhetherOrNotAnyoneListens() throws Exception {
        for (Object[] bad : badTokenFiles()) {
            long started = System.nanoTime();
            AttachCliTest.Result r = AttachCliTest.cli("attach", "--connect", "127.0.0.1:9", "--token-file",
                    bad[0].toString(), "--fingerprint", FINGERPRINT, "--seconds", "3");
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            AttachCliTest.assertRefused(r, "--token-file: ");
            assertTrue(r.err().contains((String) bad[1]), bad[0] + ": " + r.err());
            assertTrue(millis < 5_000, bad[0] + " took " + millis + " ms");
        }
        Path good = Files.writeString(dir.resolve("token.good"), TOKEN + "\n");
        Files.setPosixFilePermissions(good, PosixFilePermissions.fromString("rw-------"));
        assertEquals(TOKEN, TokenFile.read(good));
        Path link = Files.createSymbolicLink(dir.resolve("token.link"), good);   // a Kubernetes secret is one
        assertEquals(TOKEN, TokenFile.read(link));
    }

    @Test
    void aListeningAgentRefusesEachInOneLineAndTheApplicationRunsItsMain() throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), "QuietTarget.java");
        for (Object[] bad : badTokenFiles()) {
            Path err = Files.createTempFile(dir, "target", ".err");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    loomscope.testing.QuickJvm.C1_ONLY, "-javaagent:" + AgentJar.locate() + "=listen=127.0.0.1:0,tokenfile=" + bad[0],
                    "-cp", classes + File.pathSeparator + TargetJvm.classPathWithoutAgent(), QuietTarget.class.getName())
                    .redirectError(err.toFile()).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                Thread killer = Thread.ofVirtual().start(() -> {
                    try {
                        if (!p.waitFor(30, TimeUnit.SECONDS)) {
                            p.destroyForcibly();   // a frozen start fails the test below, never hangs it
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                assertEquals("READY", out.readLine(), bad[0] + ": the application reached its main; stderr: "
                        + Files.readString(err));
                p.getOutputStream().close();
                assertTrue(p.waitFor(30, TimeUnit.SECONDS));
                killer.interrupt();
                assertEquals(0, p.exitValue(), Files.readString(err));
                List<String> lines = Files.readString(err).lines().toList();
                assertEquals(1, lines.size(), bad[0] + ": one line: " + lines);
                assertTrue(lines.get(0).startsWith("loomscope-agent: not started: tokenfile= "), lines.get(0));
                assertTrue(lines.get(0).contains((String) bad[1]), lines.get(0));
            } finally {
                p.destroyForcibly();
            }
        }
    }
}
