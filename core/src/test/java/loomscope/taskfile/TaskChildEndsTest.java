package loomscope.taskfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import loomscope.runs.ChildRun;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.scenario.Scenarios;
import loomscope.scenario.TaskFileScenario;
import loomscope.testing.JfrRepositories;
import loomscope.testing.QuickJvm;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Test;

/**
 * A task's child JVM however it ends (issue 24): a halt, a stop while deadlocked or stuck in a static initializer, a
 * normal end. Nothing may outlive it: not JFR's repository (JFR removes its own only on a normal exit), not a process
 * the task started; and a run that makes no progress says so, with where. Timeouts are generous: a loaded 2-core
 * machine starts a JVM in seconds, not milliseconds.
 */
@TestsSideBySide
class TaskChildEndsTest {

    private static ChildRun start(String source, String className, int threads) throws Exception {
        var config = Scenarios.config(new TaskFileScenario(), Map.of(), threads, 1,
                loomscope.workload.SchedulerKind.POOL, loomscope.workload.ThreadKind.VIRTUAL);
        // JFR alongside, as the window runs your code: the child has a JFR repository to leave behind
        ChildRun.Options options = ChildRun.Options.plain().withProbes(true, 0).withJfrAlongside();
        // C1 alone (QuickJvm): what is checked is how the child ends and what it leaves, not how fast it runs
        RunTarget.ChildJvm child = QuickJvm.of(TaskFileLaunch.childFor(new RunTarget.ThisJvm()));
        return (ChildRun) TaskFileLaunch.start(source, className, config, child, options);
    }

    private static void waitFor(int seconds, String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(50);
        }
    }

    /** When this test began: a JFR repository named for the child's pid counts only if made since ({@link JfrRepositories}). */
    private final FileTime began = JfrRepositories.testBegins();

    private void assertNothingLeft(ChildRun run) throws IOException {
        assertTrue(run.isFinished(), "ended");
        assertFalse(run.childAlive());
        Path ours = run.scratchFolder();
        assertNotNull(ours);
        assertFalse(Files.exists(ours), "our folder for the child's JFR repository is gone: " + ours);
        for (Path temp : List.of(Path.of(System.getProperty("java.io.tmpdir")), Path.of("/tmp"))) {
            assertEquals(List.of(), JfrRepositories.leftBy(run.pid(), temp, began),
                    "a JFR repository of the child (pid " + run.pid() + ") in " + temp);
        }
    }

    @Test
    void aHaltLeavesNoJfrRepositoryAndNoProcess() throws Exception {
        ChildRun run = start("""
                public class Halts {
                    public void run(int index) throws Exception {
                        if (index == 0) {
                            Process p = new ProcessBuilder("sleep", "313").start();
                            System.out.println("sleep " + p.pid());
                            Thread.sleep(3_000);   // the parent sees its child's processes once a second
                            Runtime.getRuntime().halt(7);
                        }
                    }
                }
                """, "Halts", 2);
        assertTrue(run.await(120_000), "the child ended");
        assertTrue(run.outcome() instanceof RunOutcome.Crashed, run.outcome().describe());
        assertSleepGone(run);
        assertNothingLeft(run);
    }

    @Test
    void aNormalEndEndsTheProcessesTheTaskStarted() throws Exception {
        ChildRun run = start("""
                public class Spawns {
                    public void run(int index) throws Exception {
                        if (index == 0) {
                            Process p = new ProcessBuilder("sleep", "313").start();
                            System.out.println("sleep " + p.pid());
                        }
                    }
                }
                """, "Spawns", 2);
        assertTrue(run.await(120_000), "the child ended");
        assertTrue(run.outcome() instanceof RunOutcome.Completed, run.outcome().describe());
        assertSleepGone(run);
        assertNothingLeft(run);
    }

    @Test
    void aDeadlockSaysWhereAndStopLeavesNothing() throws Exception {
        ChildRun run = start("""
                public class Deadlock {
                    final Object a = new Object(), b = new Object();
                    final java.util.concurrent.CountDownLatch both = new java.util.concurrent.CountDownLatch(2);
                    public void run(int index) throws Exception {
                        Object first = index == 0 ? a : b, second = index == 0 ? b : a;
                        synchronized (first) {
                            both.countDown();
                            both.await();
                            synchronized (second) {
                                System.out.println("never");
                            }
                        }
                    }
                }
                """, "Deadlock", 2);
        waitFor(120, "the child to say the run makes no progress", () -> run.noProgress() != null || run.isFinished());
        String said = run.noProgress();
        assertNotNull(said, "still running: " + run.outcome());
        assertTrue(said.startsWith("no progress for 5 s: the run: 2 of 2 threads alive (2 BLOCKED): "), said);
        assertTrue(said.contains("2 at Deadlock.run(Deadlock.java:"), "both where they wait: " + said);
        run.stop();
        assertTrue(run.await(60_000), "stopped");
        assertNothingLeft(run);
    }

    @Test
    void aStaticInitializerThatNeverReturnsSaysWhereAndStopLeavesNothing() throws Exception {
        ChildRun run = start("""
                public class Forever {
                    static volatile long spins;
                    static { while (System.nanoTime() != 0) { spins++; } }
                    public void run(int index) { }
                }
                """, "Forever", 2);
        waitFor(120, "the child to begin preparing the run", () -> run.preparing() || run.isFinished());
        assertTrue(run.javaVersion() != null, "the JVM is known before the class is initialised");
        waitFor(120, "the child to say the run makes no progress", () -> run.noProgress() != null || run.isFinished());
        String said = run.noProgress();
        assertNotNull(said, "still running: " + run.outcome());
        assertTrue(said.startsWith("no progress for 5 s: the run has not started, its classes are loading: 1 of 1"), said);
        assertTrue(said.contains("in <clinit> of Forever at Forever.java:3"), said);
        run.stop();
        assertTrue(run.await(60_000), "stopped");
        assertNothingLeft(run);
    }

    private static void assertSleepGone(ChildRun run) throws InterruptedException {
        String line = run.childOutput().stream().filter(l -> l.startsWith("[stdout] sleep ")).findFirst().orElse(null);
        assertNotNull(line, "the task said which process it started: " + run.childOutput());
        long pid = Long.parseLong(line.substring("[stdout] sleep ".length()).trim());
        ProcessHandle sleep = ProcessHandle.of(pid).orElse(null);
        try {
            waitFor(30, "the task's sleep " + pid + " to end", () -> sleep == null || !sleep.isAlive());
        } finally {
            if (sleep != null) {
                sleep.destroyForcibly();   // a failed test leaves nothing running either
            }
        }
    }
}
