package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import loomscope.cli.LoomScopeCli;
import loomscope.io.LoopbackToken;
import loomscope.testing.Jdk21;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Listen mode (issue #38 item 2), with 127.0.0.1 standing in for another host (nothing leaves this machine): a JVM
 * whose agent listens ({@code -javaagent:…=listen=127.0.0.1:0,tokenfile=…}, or {@code attach PID --listen}) is
 * recorded over TLS by {@code attach --connect} exactly as a local attach records it ({@link MountLoop} on one carrier:
 * every episode of a round, detached), again after the first session ended; a wrong token, a wrong fingerprint,
 * plaintext and a second LoomScope while one is connected are each refused in one line.
 */
@TestsSideBySide
class ListenConnectTest {
    private static final int THREADS = 20;
    private static final int YIELDS = 50;
    private static final Pattern LISTENING = Pattern.compile(
            "loomscope-agent: listening on (\\S+) \\(TLS 1\\.3\\); certificate SHA-256 ([0-9a-f]{64}); (.*)");

    @TempDir
    Path scratch;

    @Test
    void aListeningJvmIsRecordedOverTlsAndEachMistakeIsRefusedInOneLine() throws Exception {
        Path tokenFile = Files.writeString(scratch.resolve("token"), LoopbackToken.fresh() + "\n");
        Files.setPosixFilePermissions(tokenFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        String token = Files.readString(tokenFile).strip();
        try (Target target = Target.start(Path.of(System.getProperty("java.home")), scratch,
                "listen=127.0.0.1:0,tokenfile=" + tokenFile)) {
            Matcher said = target.listeningLine();
            assertEquals("token from " + tokenFile, said.group(3));
            HostPort where = HostPort.parse(said.group(1), false);
            String fingerprint = said.group(2);

            // the CLI, as on another machine; the fingerprint as openssl writes it (colons, upper case) is the same
            String colons = fingerprint.toUpperCase(java.util.Locale.ROOT).replaceAll("(..)(?!$)", "$1:");
            AttachCliTest.Result first = recordARound(target, "attach", "--connect", where.toString(), "--token-file",
                    tokenFile.toString(), "--fingerprint", colons, "--seconds", "8");
            assertEquals(0, first.exit(), first.err());
            assertTrue(first.out().contains(String.format(java.util.Locale.ROOT,
                    " %,d mounts of %d virtual threads on 1 carriers.", THREADS * (YIELDS + 1), THREADS)), first.out());
            assertTrue(first.out().contains("Detached after"), first.out());
            assertTrue(first.out().startsWith("Attached to " + target.process.pid() + " (" + MountLoop.class.getName()
                    + ") at " + where), first.out());

            String wrongFingerprint = (fingerprint.charAt(0) == '0' ? "1" : "0") + fingerprint.substring(1);
            refusedInOneLine(AttachCliTest.cli("attach", "--connect", where.toString(), "--token", token,
                    "--fingerprint", wrongFingerprint), "'s certificate has SHA-256 " + fingerprint + ", not the "
                    + wrongFingerprint + " given: refused (another agent, or someone in between)");
            refusedInOneLine(AttachCliTest.cli("attach", "--connect", where.toString(), "--token", "0".repeat(32),
                    "--fingerprint", fingerprint), where + ": the agent refused: wrong token");
            try (Socket plain = new Socket(InetAddress.getByName(where.host()), where.port())) {
                plain.setSoTimeout(60_000);
                plain.getOutputStream().write("hello\n".getBytes(StandardCharsets.US_ASCII));
                BufferedReader lines = new BufferedReader(new InputStreamReader(plain.getInputStream(), StandardCharsets.UTF_8));
                String line = lines.readLine();
                assertNotNull(line);
                assertTrue(line.startsWith("F this agent speaks TLS only: connect with loomscope attach --connect"), line);
                assertNull(lines.readLine(), "one line, then the end");
            }

            // a second LoomScope while one is connected, then that one's session, exact, and a third after it ended
            AttachSession session = AttachSession.connect(where.host(), where.port(), token, fingerprint, Duration.ofSeconds(30));
            refusedInOneLine(AttachCliTest.cli("attach", "--connect", where.toString(), "--token", token,
                    "--fingerprint", fingerprint, "--seconds", "1"), where + ": the agent refused: another LoomScope is "
                    + "connected to this JVM");
            exactRound(target, session, "the API's session beside a refused second");
            exactRound(target, AttachSession.connect(where.host(), where.port(), token, fingerprint,
                    Duration.ofSeconds(30)), "a session after the first ended");

            target.round();   // it runs on, unhooked
            List<String> agentLines = target.stderr().lines().filter(l -> l.startsWith("loomscope-agent:")).toList();
            assertEquals(1, agentLines.size(), "the listening line alone: " + target.stderr());
        }
    }

    @Test
    void onJdk21() throws Exception {
        Path jdk21 = Jdk21.find();
        assumeTrue(jdk21 != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21");
        try (Target target = Target.start(jdk21, scratch, "listen=127.0.0.1:0")) {
            Matcher said = target.listeningLine();
            Matcher token = Pattern.compile("token ([0-9a-f]{32}) \\(printed once\\)").matcher(said.group(3));
            assertTrue(token.matches(), said.group(3));
            HostPort where = HostPort.parse(said.group(1), false);
            exactRound(target, AttachSession.connect(where.host(), where.port(), token.group(1), said.group(2),
                    Duration.ofSeconds(30)), "JDK 21");
        }
    }

    @Test
    void attachPidListenHandsItsUserTheConnectCommand() throws Exception {
        try (Target target = Target.start(Path.of(System.getProperty("java.home")), scratch, null)) {
            AttachCliTest.Result listening = AttachCliTest.cli("attach", Long.toString(target.process.pid()),
                    "--listen", "127.0.0.1:0");
            assertEquals(0, listening.exit(), listening.err());
            String command = listening.out().lines().filter(l -> l.startsWith("  loomscope attach --connect ")).findFirst()
                    .orElseThrow(() -> new AssertionError(listening.out()));
            List<String> args = new ArrayList<>(List.of(command.strip().substring("loomscope ".length()).split(" ")));
            args.addAll(List.of("--seconds", "8"));
            AttachCliTest.Result recorded = recordARound(target, args.toArray(String[]::new));
            assertEquals(0, recorded.exit(), recorded.err());
            assertTrue(recorded.out().contains(String.format(java.util.Locale.ROOT,
                    " %,d mounts of %d virtual threads on 1 carriers.", THREADS * (YIELDS + 1), THREADS)), recorded.out());
            assertTrue(recorded.out().contains("Detached after"), recorded.out());

            refusedInOneLine(AttachCliTest.cli("attach", Long.toString(target.process.pid()), "--listen", "127.0.0.1:0"),
                    "the agent refused: this JVM listens already, on 127.0.0.1:");
            target.round();

            // the JVM exits while a LoomScope is connected: the session ends as a local one does
            String[] a = args.toArray(String[]::new);
            HostPort where = HostPort.parse(a[2], false);
            AttachSession session = AttachSession.connect(where.host(), where.port(), a[4], a[6], Duration.ofSeconds(30));
            try {
                target.close();
                assertTrue(session.awaitEnd(60_000), "no end after the exit");
                assertTrue(session.targetExited(), "ending: " + session.ending());
                assertEquals(new AgentStreamReader.Ending.Complete(true), session.ending());
            } finally {
                session.close();
            }
        }
    }

    @Test
    void badConnectInputIsOneLineAndExit2() {
        String fp = "ab".repeat(32);
        String token = "0123456789abcdef0123456789abcdef";
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "--connect", "127.0.0.1", "--token", token,
                "--fingerprint", fp), "--connect: is HOST:PORT");
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "--connect", "127.0.0.1:7071", "--token", token),
                "--connect: needs --fingerprint");
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "--connect", "127.0.0.1:7071", "--fingerprint", fp),
                "--connect: needs the agent's token");
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "--connect", "127.0.0.1:7071", "--token", token,
                "--fingerprint", "12:34"), "the fingerprint must be the certificate's SHA-256");
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "--connect", "127.0.0.1:7071", "--token", "short",
                "--fingerprint", fp), "the token must be");
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "--token", token), "--token: goes with --connect");
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "1", "--connect", "127.0.0.1:7071"), "--connect: takes no PID");
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "--listen", "127.0.0.1:0"), "--listen: needs the PID");
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "1", "--listen", "127.0.0.1:0", "--seconds", "1"),
                "--listen: records nothing itself");
    }

    /** Refused: exit 2 and one line on stderr that holds {@code why}; nothing recorded. */
    private static void refusedInOneLine(AttachCliTest.Result r, String why) {
        assertEquals(2, r.exit(), "exit code; out: " + r.out() + "; err: " + r.err());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(why), "the reason: " + r.err());
    }

    /** The CLI in a thread of its own; one round of the target's once it says it attached; its result at its end. */
    private static AttachCliTest.Result recordARound(Target target, String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int[] exit = {-1};
        Thread cli = new Thread(() -> exit[0] = LoomScopeCli.execute(args, new PrintWriter(out, true),
                new PrintWriter(err, true)), "attach-connect");
        cli.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!out.toString().contains("Attached to") && cli.isAlive()) {
            assertTrue(System.nanoTime() < deadline, "the CLI did not attach: " + err);
            Thread.sleep(20);
        }
        if (out.toString().contains("Attached to")) {
            target.round();
        }
        cli.join(TimeUnit.SECONDS.toMillis(120));
        assertTrue(!cli.isAlive(), "the CLI did not end");
        return new AttachCliTest.Result(exit[0], out.toString(), err.toString());
    }

    /** One round while {@code session} records, then its stop: every episode of it, on one carrier, detached. */
    private static void exactRound(Target target, AttachSession session, String where) throws IOException {
        try {
            assertNotNull(session.remote(), where);
            target.round();
            session.stop();
        } finally {
            session.close();
        }
        assertTrue(session.detached(), where + ": not detached: " + session.ending() + "; " + target.stderr());
        AttachedEpisodes e = session.episodes();
        assertEquals(target.process.pid(), session.target().pid(), where + ": the agent's pid");
        assertEquals(1, e.carriers().size(), where + ": carriers " + e.carriers());
        assertEquals(THREADS, e.virtualThreadCount(), where + ": virtual threads");
        assertEquals(THREADS * (YIELDS + 1), e.episodeCount(), where + ": episodes");
        assertEquals(0, e.dropped(), where + ": dropped");
        assertEquals(0, e.doubledHooks(), where + ": hooked twice");
    }

    /** {@link MountLoop} on one carrier, run a round at a time ({@link GoRounds}), its agent's options given. */
    private record Target(Process process, TargetTurns turns) implements AutoCloseable {
        static Target start(Path javaHome, Path scratch, String agentOptions) throws Exception {
            Path classes = TargetJvm.compile(Files.createDirectories(scratch.resolve("classes")), "MountLoop.java",
                    "GoRounds.java");
            List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), loomscope.testing.QuickJvm.C1_ONLY));
            if (agentOptions != null) {
                command.add("-javaagent:" + AgentJar.locate() + "=" + agentOptions);
            }
            command.addAll(List.of("-Djdk.virtualThreadScheduler.parallelism=1", "-Xmx128m", "-cp",
                    classes + File.pathSeparator + TargetJvm.classPathWithoutAgent(), MountLoop.class.getName(),
                    Integer.toString(THREADS), Integer.toString(YIELDS)));
            Path err = Files.createTempFile(scratch, "target", ".err");
            Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
            Target t = new Target(p, new TargetTurns(p, err));
            try {
                t.turns.awaitReady();
                if (agentOptions == null) {
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                    while (JvmList.list().stream().noneMatch(j -> j.pid() == p.pid())) {
                        assertTrue(System.nanoTime() < deadline, "never in the attach list");
                        Thread.sleep(50);
                    }
                }
                return t;
            } catch (Throwable e) {
                p.destroyForcibly();
                throw e;
            }
        }

        /** The agent's line, printed once its listener is made (on a thread of its own, beside the JVM's start). */
        Matcher listeningLine() throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (true) {
                var m = stderr().lines().map(LISTENING::matcher).filter(Matcher::matches).findFirst();
                if (m.isPresent()) {
                    return m.get();
                }
                assertTrue(System.nanoTime() < deadline, "no listening line: " + stderr());
                Thread.sleep(20);
            }
        }

        void round() throws IOException {
            turns.round();
        }

        String stderr() {
            return turns.stderr();
        }

        @Override
        public void close() throws Exception {
            turns.endInput();   // its stdin's end ends it
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }
}
