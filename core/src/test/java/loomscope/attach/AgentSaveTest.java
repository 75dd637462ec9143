package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import javax.tools.ToolProvider;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.savedrun.SavedRun;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.TaskFileScenario;
import loomscope.testing.Jdk21;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -javaagent:loomscope-agent.jar=save=FILE}: an application recorded from its start to its exit into FILE,
 * which appears only at the exit and opens through {@link RunFiles} as a run like any other; and the refusals, each
 * one line on the application's stderr with the application running to its end unchanged and no file made.
 */
class AgentSaveTest {
    private static final int THREADS = 10;
    private static final int SLEEPS = 3;
    private static final long SLEEP_NANOS = 20_000_000L;

    @TempDir
    Path scratch;

    /** The application: THREADS virtual threads of SLEEPS sleeps; then it says so and waits for a line to exit. */
    private Path compileApp() throws IOException {
        Path source = scratch.resolve("SleepyThreads.java");
        Files.writeString(source, "public class SleepyThreads { public static void main(String[] a) throws Exception {"
                + " Thread[] t = new Thread[" + THREADS + "]; for (int i = 0; i < t.length; i++) { t[i] = Thread.ofVirtual().start(() -> {"
                + " try { for (int k = 0; k < " + SLEEPS + "; k++) Thread.sleep(20); } catch (InterruptedException e) { } }); }"
                + " for (Thread x : t) x.join(); System.out.println(\"threads done\"); System.out.flush();"
                + " if (a.length > 0) System.in.read(); System.out.println(\"exiting\"); } }");
        Path classes = Files.createDirectories(scratch.resolve("classes"));
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "21", "-d", classes.toString(),
                source.toString());
        assertEquals(0, rc, "javac");
        return classes;
    }

    private static Path jdk25() {
        return Path.of(System.getProperty("java.home"));
    }

    private Process start(Path javaHome, Path classes, String agentOptions, Path stderr, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), loomscope.testing.QuickJvm.C1_ONLY,
                "-javaagent:" + AgentJar.locate() + "=" + agentOptions, "-cp", classes.toString(), "SleepyThreads"));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    }

    @Test
    void savesAnApplicationFromItsStartToItsExitOnJdk25() throws Exception {
        savesFromStartToExit(jdk25());
    }

    @Test
    void savesAnApplicationFromItsStartToItsExitOnJdk21() throws Exception {
        Path jdk21 = Jdk21.find();
        org.junit.jupiter.api.Assumptions.assumeTrue(jdk21 != null, "no JDK 21 (set " + Jdk21.ENV + ")");
        savesFromStartToExit(jdk21);
    }

    private void savesFromStartToExit(Path javaHome) throws Exception {
        Path classes = compileApp();
        Path folder = Files.createDirectories(scratch.resolve("out"));
        Path file = folder.resolve("app.loomrun");
        Path stderr = scratch.resolve("app.err");
        Process app = start(javaHome, classes, "save=" + file, stderr, "wait");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("threads done", out.readLine(), Files.readString(stderr));
            // recorded, not yet saved: only the agent's own temporary name exists while the application runs
            assertFalse(Files.exists(file), "the file before the exit");
            assertEquals(List.of("app.loomrun.part-" + app.pid()), names(folder));
            app.getOutputStream().close();
            assertEquals("exiting", out.readLine());
            assertTrue(app.waitFor(60, TimeUnit.SECONDS), "the application did not end");
            assertEquals(0, app.exitValue(), Files.readString(stderr));
        } finally {
            app.destroyForcibly();
        }
        // the JVM's own line about CDS (the jar joined the bootstrap path) and the agent's one line
        List<String> err = Files.readString(stderr).lines().filter(l -> !l.contains("Sharing is only supported")).toList();
        assertEquals(1, err.size(), err.toString());
        assertTrue(err.get(0).startsWith("loomscope-agent: saved " + file + " ("), err.toString());
        assertEquals(List.of("app.loomrun"), names(folder), "the file, and no temporary one left");

        SavedRun run = RunFiles.read(file);
        RunRecording recording = run.recording();
        assertEquals(THREADS, recording.threads());
        assertEquals("SleepyThreads", ((ScenarioParams) recording.config().scenario()).values().get(TaskFileScenario.CLASS));
        assertTrue(recording.jdkVersion().startsWith(javaHome.equals(jdk25()) ? "25" : "21"), recording.jdkVersion());
        // SLEEPS sleeps: SLEEPS + 1 episodes a thread, fewer only where an episode holds a whole sleep (its carrier was
        // stalled past the sleep's end and the sleep returned without unmounting), as attach --wait's test allows
        int[] episodes = new int[THREADS];
        long[] absorbed = new long[THREADS];
        for (CarrierLog log : recording.carriers()) {
            for (int i = 0; i < log.size(); i++) {
                episodes[log.vt(i)]++;
                absorbed[log.vt(i)] += (log.end(i) - log.start(i)) / SLEEP_NANOS;
            }
        }
        for (int vt = 0; vt < THREADS; vt++) {
            int missing = SLEEPS + 1 - episodes[vt];
            assertTrue(missing == 0 || missing > 0 && missing <= absorbed[vt],
                    "thread " + vt + ": " + episodes[vt] + " episodes, " + absorbed[vt] + " sleeps held in one");
        }
        assertTrue(RunFiles.claimsToBeOne(file));
    }

    @Test
    void refusalsAreOneLineAndTheApplicationRunsOnUnchanged() throws Exception {
        Path classes = compileApp();
        Path folder = Files.createDirectories(scratch.resolve("out"));
        Path existing = folder.resolve("mine.loomrun");
        Files.writeString(existing, "not the agent's");

        refused(classes, "save=" + existing, "already exists");
        assertEquals("not the agent's", Files.readString(existing));
        refused(classes, "save=" + folder.resolve("missing").resolve("app.loomrun"), "does not exist");
        refused(classes, "save=" + folder.resolve("app.loomrun") + ",port=4242", "does not go with port=");
        refused(classes, "port=4242,token=0123456789abcdef,save=" + folder.resolve("app.loomrun"), "does not go with port=");
        assertEquals(List.of("mine.loomrun"), names(folder), "nothing made");
    }

    private void refused(Path classes, String options, String why) throws Exception {
        Path stderr = Files.createTempFile(scratch, "refused", ".err");
        Process app = start(jdk25(), classes, options, stderr);
        try {
            String out = new String(app.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(app.waitFor(60, TimeUnit.SECONDS), "the application did not end");
            assertEquals(0, app.exitValue());
            assertEquals("threads done\nexiting\n", out);
        } finally {
            app.destroyForcibly();
        }
        String err = Files.readString(stderr);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("loomscope-agent: not started: ") && err.contains(why), err);
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
