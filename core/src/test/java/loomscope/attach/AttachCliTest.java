package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.cli.LoomScopeCli;
import loomscope.savedrun.SavedRun;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code attach} from the command line: refusals in one line with exit 2 and the target untouched (a process that is
 * no JVM, a JDK 17 JVM, a JVM started with {@code -XX:-EnableDynamicAgentLoading}); {@code --json} and {@code --save}
 * against the Helidon target under load; and a stop by signal (as Ctrl+C) that detaches and leaves the server
 * answering.
 */
@TestsSideBySide
class AttachCliTest {
    private static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");

    @TempDir
    Path scratch;

    /** What a CLI call gave (the attach tests' own: the loomscope.cli tests have theirs in another package). */
    record Result(int exit, String out, String err) { }

    static Result cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = LoomScopeCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Result(exit, out.toString(), err.toString());
    }

    /** Refused before anything was done: exit 2, one line on stderr naming {@code why}, nothing on stdout. */
    static void assertRefused(Result r, String why) {
        assertEquals(2, r.exit(), "exit code; err: " + r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), "one line: " + r.err());
        assertTrue(r.err().contains(why), "the reason: " + r.err());
    }

    @Test
    void badInputIsOneLineAndExit2() {
        assertRefused(cli("attach"), "needs a PID");
        assertRefused(cli("attach", "not-a-pid"), "not-a-pid");
        assertRefused(cli("attach", "1", "--seconds", "0"), "--seconds");
        assertRefused(cli("attach", "--list", "1"), "--list");
        assertRefused(cli("attach", "--wait", "1"), "--wait");
        assertRefused(cli("attach", Long.toString(ProcessHandle.current().pid())), "LoomScope itself");
    }

    @Test
    void aProcessThatIsNoJvmIsRefused() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            assertRefused(cli("attach", Long.toString(sleep.pid()), "--seconds", "1"), "is not a Java VM");
            assertTrue(sleep.isAlive());
        } finally {
            sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void anotherUsersProcessIsRefused() throws Exception {
        Path runuser = Path.of("/usr/sbin/runuser");
        assumeTrue("root".equals(System.getProperty("user.name")) && Files.isExecutable(runuser),
                "needs root and runuser to start a process of another user");
        Process other = new ProcessBuilder(runuser.toString(), "-u", "nobody", "--", "sleep", "60").start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            // runuser's child is the sleep of nobody's
            long pid = -1;
            while (pid < 0) {
                pid = other.children().filter(p -> p.info().user().orElse("").equals("nobody")).mapToLong(ProcessHandle::pid)
                        .findFirst().orElse(-1);
                assertTrue(System.nanoTime() < deadline, "no process of nobody's appeared");
                Thread.sleep(20);
            }
            assertRefused(cli("attach", Long.toString(pid), "--seconds", "1"), "nobody's process");
        } finally {
            other.descendants().forEach(ProcessHandle::destroyForcibly);
            other.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aJdk17TargetIsRefusedUntouched() throws Exception {
        assumeTrue(Files.isExecutable(JDK17.resolve("bin/java")), "no JDK 17 at " + JDK17);
        refusedUntouched(JDK17, List.of(), "Java 17");
    }

    @Test
    void aTargetWithoutDynamicAgentLoadingIsRefusedUntouched() throws Exception {
        refusedUntouched(Path.of(System.getProperty("java.home")), List.of("-XX:-EnableDynamicAgentLoading"),
                "EnableDynamicAgentLoading");
    }

    private void refusedUntouched(Path javaHome, List<String> flags, String why) throws Exception {
        Path source = scratch.resolve("Sleeper.java");
        Files.writeString(source, "public class Sleeper { public static void main(String[] a) throws Exception {"
                + " System.out.println(\"up\"); Thread.sleep(120_000); } }");
        List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), loomscope.testing.QuickJvm.C1_ONLY));
        command.addAll(flags);
        command.add(source.toString());
        Path err = scratch.resolve("sleeper.err");
        Process target = new ProcessBuilder(command).redirectError(err.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("up", out.readLine());
            awaitListed(target.pid());
            assertRefused(cli("attach", Long.toString(target.pid()), "--seconds", "1"), why);
            assertTrue(target.isAlive());
            assertFalse(Files.readString(err).contains("agent"), "the target was touched: " + Files.readString(err));
        } finally {
            target.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A JVM shows in the attach list once its perf data file exists, a moment after it starts. */
    private static void awaitListed(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (JvmList.list().stream().noneMatch(j -> j.pid() == pid)) {
            assertTrue(System.nanoTime() < deadline, "pid " + pid + " never showed in the attach list");
            Thread.sleep(50);
        }
    }

    @Test
    void jsonAndSaveUnderLoadThenAStopBySignalDetaches() throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(scratch.resolve("classes")));
        try (TargetJvm target = TargetJvm.start(Path.of(System.getProperty("java.home")), classes, scratch)) {
            awaitListed(target.pid());
            String list = cli("attach", "--list").out();
            assertTrue(list.lines().anyMatch(l -> l.startsWith(target.pid() + " ") && l.contains("HelidonTarget")
                    && l.endsWith("yes")), list);

            AtomicBoolean loading = new AtomicBoolean(true);
            Thread load = new Thread(() -> {
                for (int i = 0; i < 200 && loading.get(); i++) {
                    try {
                        target.get(i % 10 == 0 ? "/pin" : "/sleep?k=2&ms=10");
                    } catch (Exception e) {
                        return;
                    }
                }
            }, "load");
            load.start();
            Path saved = scratch.resolve("attached.loomrun");
            Result r = cli("attach", Long.toString(target.pid()), "--seconds", "6", "--json", "--save", saved.toString());
            loading.set(false);
            load.join();
            assertEquals(0, r.exit(), r.err());
            JsonNode json = new ObjectMapper().readTree(r.out().lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow());
            for (String key : new String[] {"mounts", "pinnedMounts", "virtualThreads", "carriers", "jfrPinnedEvents"}) {
                assertTrue(json.has(key), key + " in " + json);
            }
            assertTrue(json.get("mounts").asLong() > 0 && json.get("virtualThreads").asLong() > 0
                    && json.get("carriers").asLong() > 0, json.toString());
            assertTrue(json.get("detached").asBoolean(), json.toString());
            SavedRun run = SavedRun.read(saved);
            assertEquals(json.get("carriers").asInt(), run.recording().carrierCount());

            Process cli = stopBySignal(target.pid());
            assertEquals("pong", target.get("/ping"), "the server after a detach by signal");
            assertTrue(target.isAlive());
            assertFalse(cli.isAlive());
        }
    }

    @Test
    void waitRecordsAnApplicationStartedWithTheFlagFromItsStartToItsExit() throws Exception {
        Path source = scratch.resolve("TenThreads.java");
        Files.writeString(source, "public class TenThreads { public static void main(String[] a) throws Exception {"
                + " Thread[] t = new Thread[10]; for (int i = 0; i < 10; i++) { t[i] = Thread.ofVirtual().start(() -> {"
                + " try { for (int k = 0; k < 3; k++) Thread.sleep(20); } catch (InterruptedException e) { } }); }"
                + " for (Thread x : t) x.join(); } }");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int[] exit = {-1};
        Path saved = scratch.resolve("ten.loomrun");
        Thread cli = new Thread(() -> exit[0] = LoomScopeCli.execute(new String[] {"attach", "--wait", "--json", "--save", saved.toString()},
                new PrintWriter(out, true), new PrintWriter(err, true)), "attach-wait");
        cli.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!err.toString().contains("-javaagent:")) {
            assertTrue(System.nanoTime() < deadline, "no flag printed: " + err);
            Thread.sleep(20);
        }
        String flag = err.toString().lines().filter(l -> l.strip().startsWith("-javaagent:")).findFirst().orElseThrow().strip();
        Process app = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                loomscope.testing.QuickJvm.C1_ONLY, flag,
                source.toString()).redirectErrorStream(true).redirectOutput(scratch.resolve("app.out").toFile()).start();
        assertTrue(app.waitFor(120, TimeUnit.SECONDS), "the application did not end");
        cli.join(60_000);
        assertEquals(0, exit[0], err.toString() + Files.readString(scratch.resolve("app.out")));
        JsonNode json = new ObjectMapper().readTree(out.toString().strip());
        assertEquals(app.pid(), json.get("pid").asLong(), json.toString());
        assertTrue(json.get("targetExited").asBoolean(), json.toString());
        assertEquals(10, json.get("virtualThreads").asInt(), json.toString());
        // 3 sleeps: 4 episodes a thread, fewer only where an episode holds a whole 20 ms sleep (its carrier stalled)
        long absorbed = 0;
        for (loomscope.recording.CarrierLog log : SavedRun.read(saved).recording().carriers()) {
            for (int i = 0; i < log.size(); i++) {
                absorbed += (log.end(i) - log.start(i)) / 20_000_000L;
            }
        }
        int missing = 10 * 4 - json.get("mounts").asInt();
        assertTrue(missing == 0 || missing > 0 && missing <= absorbed, "3 sleeps: 4 mount episodes a thread; " + json);
    }

    @Test
    void aSignalWhileWaitingEndsTheWait() throws Exception {
        Path out = scratch.resolve("wait.out");
        Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                loomscope.testing.QuickJvm.C1_ONLY, "-D" + AgentJar.PROPERTY + "=" + AgentJar.locate(), "-cp", System.getProperty("java.class.path"),
                LoomScopeCli.class.getName(), "attach", "--wait")
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(out).contains("-javaagent:")) {
            assertTrue(System.nanoTime() < deadline && cli.isAlive(), "no flag printed: " + Files.readString(out));
            Thread.sleep(50);
        }
        cli.destroy();
        assertTrue(cli.waitFor(30, TimeUnit.SECONDS), "the wait did not end on a signal");
        assertFalse(Files.readString(out).contains("Exception"), Files.readString(out));
    }

    /** `attach PID` in a JVM of its own, stopped by SIGTERM (the same shutdown path as Ctrl+C's SIGINT). */
    private Process stopBySignal(long pid) throws Exception {
        Path out = scratch.resolve("cli.out");
        Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                loomscope.testing.QuickJvm.C1_ONLY, "-D" + AgentJar.PROPERTY + "=" + AgentJar.locate(), "-cp", System.getProperty("java.class.path"),
                LoomScopeCli.class.getName(), "attach", Long.toString(pid))
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(out).contains("Ctrl+C detaches")) {
            assertTrue(System.nanoTime() < deadline && cli.isAlive(), "the CLI did not attach: " + Files.readString(out));
            Thread.sleep(50);
        }
        cli.destroy();
        assertTrue(cli.waitFor(60, TimeUnit.SECONDS), "the CLI did not stop");
        String printed = Files.readString(out);
        assertTrue(printed.contains("Detached after"), printed);
        return cli;
    }
}
