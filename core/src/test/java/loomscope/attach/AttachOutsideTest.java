package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import javax.tools.ToolProvider;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The attach's checks from outside the target and its deadlines, each against a real target JVM: a stopped JVM
 * (with and without its attach listener running) is refused before anything is sent to it, and nothing is left pending
 * in it; a target that stops answering, or whose agent never connects back, ends the attach at its deadline in one line;
 * flags given in the environment are read; a JVM without perf data is found and attached to; another user's JVM is
 * listed as not attachable; {@code --list --json} is a JSON array. Every target is a small echoing JVM ended by closing
 * its stdin, so that it removes its own files in /tmp.
 */
@TestsSideBySide
class AttachOutsideTest {
    private static final String SLEEPER = "public class Sleeper { public static void main(String[] a) throws Exception {"
            + " System.out.println(\"up\"); var in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));"
            + " for (String l = in.readLine(); l != null; l = in.readLine()) System.out.println(\"echo \" + l); } }";

    @TempDir
    Path scratch;

    /** A JVM that prints "up", echoes each line of its stdin, and exits at its end; its stdout and stderr are kept. */
    private final class Target implements AutoCloseable {
        final Process process;
        final long pid;
        final List<String> out = new CopyOnWriteArrayList<>();
        final Path err;

        Target(List<String> prefix, Map<String, String> env, String... flags) throws IOException, InterruptedException {
            Path source = scratch.resolve("Sleeper.java");
            if (!Files.exists(source)) {
                Files.writeString(source, SLEEPER);
            }
            List<String> command = new ArrayList<>(prefix);
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.add(loomscope.testing.QuickJvm.C1_ONLY);
            command.addAll(List.of(flags));
            command.add(source.toString());
            err = Files.createTempFile(scratch, "target", ".err");
            ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile());
            builder.environment().keySet().removeAll(List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"));
            builder.environment().putAll(env);
            process = builder.start();
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String l = in.readLine(); l != null; l = in.readLine()) {
                        out.add(l);
                    }
                } catch (IOException e) {
                    // it ended
                }
            }, "target-out");
            reader.setDaemon(true);
            reader.start();
            awaitLine("up");
            pid = prefix.isEmpty() ? process.pid() : process.descendants().filter(p -> p.info().command().orElse("")
                    .endsWith("/java")).mapToLong(ProcessHandle::pid).findFirst().orElseThrow();
        }

        void awaitLine(String line) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!out.contains(line)) {
                assertTrue(System.nanoTime() < deadline && process.isAlive(), "no '" + line + "' from the target: " + out);
                Thread.sleep(20);
            }
        }

        /** Sends a line and waits for its echo: the JVM runs Java code again (signals it had pending were delivered). */
        void echo(String line) throws IOException, InterruptedException {
            OutputStream in = process.getOutputStream();
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            awaitLine("echo " + line);
        }

        void signal(String name) throws IOException, InterruptedException {
            assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor());
        }

        String stderr() throws IOException {
            return Files.readString(err);
        }

        @Override
        public void close() throws Exception {
            signal("CONT");
            process.getOutputStream().close();   // stdin's end: the target exits and removes its files in /tmp
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    private Target target(String... flags) throws IOException, InterruptedException {
        return new Target(List.of(), Map.of(), flags);
    }

    @Test
    void aStoppedTargetIsRefusedBeforeAnythingIsSent() throws Exception {
        // without its attach listener the JDK's attach would send SIGQUIT, pending until the JVM is continued; with it,
        // the JDK's attach would wait on its socket without end
        for (String[] flags : new String[][] {{}, {"-XX:+StartAttachListener"}}) {
            try (Target target = target(flags)) {
                if (flags.length > 0) {
                    awaitFile(Path.of("/tmp/.java_pid" + target.pid));
                }
                target.signal("STOP");
                long started = System.nanoTime();
                AttachCliTest.Result r = AttachCliTest.cli("attach", Long.toString(target.pid), "--seconds", "2");
                AttachCliTest.assertRefused(r, "is stopped");
                assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10), "took long: " + r.err());
                target.signal("CONT");
                target.echo("after");
                Thread.sleep(1_000);   // a pending SIGQUIT's dump would be on its way by now
                assertEquals(List.of("up", "echo after"), target.out, "the target printed more");
                assertFalse(target.stderr().contains("loomscope"), target.stderr());
            }
        }
    }

    @Test
    void aTargetThatStopsAnsweringEndsTheAttachAtItsDeadline() throws Exception {
        try (Target target = target("-XX:+StartAttachListener")) {
            awaitFile(Path.of("/tmp/.java_pid" + target.pid));
            JvmEntry checked = JvmList.describe(target.pid);
            assertTrue(checked.attachable(), checked.toString());
            target.signal("STOP");   // after the checks: as if it stopped while the attach went in
            long started = System.nanoTime();
            AttachFailedException failed = assertThrows(AttachFailedException.class,
                    () -> AttachSession.startChecked(checked, AgentJar.locate(), Duration.ofSeconds(2)));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertTrue(millis >= 1_900 && millis < 15_000, millis + " ms: " + failed.getMessage());
            assertTrue(failed.getMessage().contains("nothing was loaded"), failed.getMessage());
            assertEquals(1, failed.getMessage().lines().count());
            target.signal("CONT");
            target.echo("after");
            Thread.sleep(1_000);   // the abandoned attach's request is answered; it must not send the agent then
            assertFalse(target.stderr().contains("loomscope"), target.stderr());
            assertEquals(List.of("up", "echo after"), target.out);
        }
    }

    @Test
    void anAgentThatNeverConnectsBackEndsTheAttachAtItsDeadline() throws Exception {
        Path silent = silentAgent();
        try (Target target = target()) {
            long started = System.nanoTime();
            AttachFailedException failed = assertThrows(AttachFailedException.class,
                    () -> AttachSession.start(target.pid, silent, Duration.ofSeconds(3)));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertTrue(millis < 20_000, millis + " ms: " + failed.getMessage());
            assertTrue(failed.getMessage().contains("did not connect back within 3.0 s"), failed.getMessage());
            assertFalse(failed.getMessage().contains("says why"), "claims to know why: " + failed.getMessage());
            target.echo("after");
        }
    }

    /** The load itself ({@link AgentLoad}, beneath an attach and a {@code --listen}): what follows is never handed a link. */
    @Test
    void aLoadNeverAnsweredHandsNothingOnAndEndsAtItsDeadline() throws Exception {
        Path silent = silentAgent();
        try (Target target = target()) {
            JvmEntry entry = JvmList.describe(target.pid);
            java.util.concurrent.atomic.AtomicInteger handedOn = new java.util.concurrent.atomic.AtomicInteger();
            AttachFailedException failed = assertThrows(AttachFailedException.class,
                    () -> AgentLoad.load(entry, silent, Duration.ofSeconds(2), "",
                            (link, inContainer, end) -> handedOn.incrementAndGet()));
            assertTrue(failed.getMessage().startsWith("pid " + target.pid + " loaded the agent, which did not connect back "
                    + "within 2.0 s"), failed.getMessage());
            assertEquals(0, handedOn.get());
            target.echo("after");
        }
    }

    @Test
    void aFlagInTheEnvironmentIsRefusedBeforeTheAttach() throws Exception {
        try (Target target = new Target(List.of(), Map.of("JDK_JAVA_OPTIONS", "-XX:-EnableDynamicAgentLoading"))) {
            awaitListed(target.pid);
            AttachCliTest.assertRefused(AttachCliTest.cli("attach", Long.toString(target.pid), "--seconds", "1"),
                    "-XX:-EnableDynamicAgentLoading (in JDK_JAVA_OPTIONS)");
            target.echo("after");
            assertFalse(target.stderr().contains("loomscope"), target.stderr());
        }
    }

    @Test
    void aJvmWithoutPerfDataIsListedInJsonAndAttached() throws Exception {
        try (Target target = target("-XX:-UsePerfData")) {
            AttachCliTest.Result listed = AttachCliTest.cli("attach", "--list", "--json");
            assertEquals(0, listed.exit(), listed.err());
            JsonNode array = new ObjectMapper().readTree(listed.out());
            assertTrue(array.isArray(), listed.out());
            JsonNode entry = null;
            for (JsonNode j : array) {
                assertEquals(List.of("pid", "mainClass", "javaVersion", "attachable", "why", "container"),
                        iterable(j.fieldNames()), j.toString());
                if (j.get("pid").asLong() == target.pid) {
                    entry = j;
                }
            }
            assertTrue(entry != null, "pid " + target.pid + " not listed: " + listed.out());
            assertTrue(entry.get("attachable").asBoolean() && entry.get("why").isNull(), entry.toString());
            assertTrue(entry.get("mainClass").asText().endsWith("Sleeper.java"), entry.toString());
            assertEquals(Runtime.version().feature(), JvmList.feature(entry.get("javaVersion").asText()), entry.toString());

            // --seconds 6: the attach is given S + 2 s of the command's S + 5, and a small JVM's agent load took more than
            // 5 s at load average 20 (a test that is not about deadlines gives it 8)
            AttachCliTest.Result r = AttachCliTest.cli("attach", Long.toString(target.pid), "--seconds", "6");
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("Detached after"), r.out());
            target.echo("after");
        }
    }

    @Test
    void anotherUsersJvmIsListedAsNotAttachable() throws Exception {
        Path runuser = Path.of("/usr/sbin/runuser");
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(runuser),
                "needs root and runuser to start a JVM of another user");
        Path perfFolder = Path.of("/tmp/hsperfdata_nobody");
        boolean perfFolderWasThere = Files.exists(perfFolder);
        Files.setPosixFilePermissions(scratch, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(scratch.resolve("Sleeper.java"), SLEEPER);
        try (Target target = new Target(List.of(runuser.toString(), "-u", "nobody", "--"), Map.of())) {
            awaitListed(target.pid);
            JvmEntry entry = JvmList.list().stream().filter(j -> j.pid() == target.pid).findFirst().orElseThrow();
            assertFalse(entry.attachable(), entry.toString());
            assertTrue(entry.refusal().contains("nobody's process"), entry.refusal());
            AttachCliTest.Result list = AttachCliTest.cli("attach", "--list");
            assertTrue(list.out().lines().anyMatch(l -> l.startsWith(target.pid + " ") && l.contains("no: it is nobody's")),
                    list.out());
            AttachCliTest.assertRefused(AttachCliTest.cli("attach", Long.toString(target.pid), "--seconds", "1"), "nobody's process");
            target.echo("after");
        } finally {
            if (!perfFolderWasThere) {
                try (var left = Files.list(perfFolder)) {
                    if (left.findAny().isEmpty()) {
                        Files.delete(perfFolder);
                    }
                } catch (IOException e) {
                    // not made, or not empty: another user's JVM runs
                }
            }
        }
    }

    private static List<String> iterable(java.util.Iterator<String> names) {
        List<String> list = new ArrayList<>();
        names.forEachRemaining(list::add);
        return list;
    }

    private static void awaitFile(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(file)) {
            assertTrue(System.nanoTime() < deadline, file + " never appeared");
            Thread.sleep(20);
        }
    }

    private static void awaitListed(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (JvmList.list().stream().noneMatch(j -> j.pid() == pid)) {
            assertTrue(System.nanoTime() < deadline, "pid " + pid + " never showed in the attach list");
            Thread.sleep(50);
        }
    }

    /** An agent jar whose {@code agentmain} returns at once: loaded, it never connects back. */
    private Path silentAgent() throws IOException {
        Path src = Files.createDirectories(scratch.resolve("silent"));
        Files.writeString(src.resolve("Silent.java"), "public class Silent { public static void agentmain(String a) { } }");
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "21", "-d", src.toString(),
                src.resolve("Silent.java").toString()));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Agent-Class", "Silent");
        Path jar = scratch.resolve("silent.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry("Silent.class"));
            out.write(Files.readAllBytes(src.resolve("Silent.class")));
            out.closeEntry();
        }
        return jar;
    }
}
