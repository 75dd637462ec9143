package loomscope.runs;

import loomscope.jdks.TestJdks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import loomscope.testing.TestsSideBySide;
import loomscope.workload.LockMode;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * What happens to the app when the child JVM misbehaves: each case must end with a clear outcome, the
 * recording so far kept with its clock stopped, and no process left behind. The child is this JDK with
 * legacy locking, so that 2,000 pinned tasks take ~10 s and there is time to hurt it mid-run.
 */
@TestsSideBySide
class ChildFaultsTest {

    private static final WorkloadConfig SLOW = SeedScenario.config().withThreads(2_000).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName());

    private static ChildRun startSlow(ChildRun.Options options) throws InterruptedException {
        ChildRun run = ChildRun.start(RunTarget.ChildJvm.legacyLocking(TestJdks.thisJdk()), SLOW, options);
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (doneSoFar(run) < 20) {
            assertFalse(run.isFinished(), () -> "ended early: " + run.outcome().describe() + " " + run.childOutput());
            assertTrue(System.nanoTime() < deadline, "the child never got going");
            Thread.sleep(20);
        }
        return run;
    }

    private static int doneSoFar(ChildRun run) {
        RunRecording r = run.recording();
        return r == null ? 0 : r.doneCount();
    }

    private static void assertPartialAndGone(ChildRun run) {
        RunRecording r = run.recording();
        assertNotNull(r, "the recording so far is kept");
        assertTrue(r.isFinished(), "the partial recording's clock is stopped");
        assertTrue(r.wasCancelled());
        assertTrue(r.completedAtEnd() >= 20 && r.completedAtEnd() < SLOW.threads(), "partial: " + r.completedAtEnd());
        assertTrue(r.runEnd() >= r.runStart());
        assertFalse(run.childAlive());
        assertFalse(ProcessHandle.of(run.pid()).map(ProcessHandle::isAlive).orElse(false), "no leaked process");
        assertTrue(ProcessHandle.current().descendants().noneMatch(p -> p.pid() == run.pid()));
        assertFalse(Files.exists(run.scratchFolder()), "the child's folder of ours is gone: " + run.scratchFolder());
    }

    @Test
    void whatTheChildWritesToTheTempDirIsInOurFolderAndGoesWithAKill() throws Exception {
        ChildRun run = startSlow(ChildRun.Options.plain().withProbes(true, 5));
        Path ours = run.scratchFolder();
        long deadline = System.nanoTime() + 30_000_000_000L;
        List<String> inside = List.of();
        while (inside.stream().noneMatch(n -> n.startsWith("loomscope-child-dumps"))
                || inside.stream().noneMatch(n -> n.endsWith("_" + run.pid()))) {
            assertTrue(System.nanoTime() < deadline, "JFR's repository and the dumps folder in ours: " + inside);
            assertFalse(run.isFinished(), () -> "ended before both were seen in our folder: " + run.outcome().describe());
            Thread.sleep(50);
            try (var entries = Files.list(ours)) {
                inside = entries.map(p -> p.getFileName().toString()).toList();
            }
        }
        ProcessHandle.of(run.pid()).orElseThrow().destroyForcibly();   // mid-run, maybe mid-dump: JFR cleans nothing
        assertTrue(run.await(20_000));
        assertPartialAndGone(run);
    }

    /**
     * An error of our own while the stream is read (here an observer's; in CI once, an error on the reader's thread
     * that was never seen) ended the reader's thread without ending the run: the CLI waited on it forever, with the
     * child already gone. The run now ends, says so, and takes the child with it.
     */
    @Test
    void anErrorOfOursWhileReadingEndsTheRunAndTheChild() throws Exception {
        ChildRun run = ChildRun.start(RunTarget.ChildJvm.legacyLocking(TestJdks.thisJdk()), SLOW, ChildRun.Options.plain()
                .alsoTelling(RunObserver.onCarrierStart((index, name, nanos) -> {
                    throw new AssertionError("thrown by the test's observer");
                })));
        assertTrue(run.await(20_000), "the run ended");
        RunOutcome.Failed failed = assertInstanceOf(RunOutcome.Failed.class, run.outcome(), () -> run.outcome().describe());
        assertTrue(failed.describe().contains("LoomScope stopped reading the child")
                && failed.describe().contains("thrown by the test's observer"), failed.describe());
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (run.childAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertFalse(run.childAlive(), "the child is killed, not left running a run nobody reads");
    }

    @Test
    void childKilledMidRunIsReportedAndItsRecordingKept() throws Exception {
        ChildRun run = startSlow(ChildRun.Options.plain());
        ProcessHandle.of(run.pid()).orElseThrow().destroyForcibly();
        assertTrue(run.await(5_000));
        RunOutcome.Crashed crashed = assertInstanceOf(RunOutcome.Crashed.class, run.outcome());
        assertTrue(crashed.isError());
        assertEquals(137, crashed.exitCode());
        assertTrue(crashed.describe().contains("signal 9"), crashed.describe());
        assertPartialAndGone(run);
    }

    @Test
    void jvmCrashNamesItsCrashReport() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill (Linux, macOS)");
        ChildRun run = startSlow(ChildRun.Options.plain());
        signal("-SEGV", run.pid());   // HotSpot treats it as a crash: hs_err file and all
        assertTrue(run.await(20_000));
        RunOutcome.Crashed crashed = assertInstanceOf(RunOutcome.Crashed.class, run.outcome(), () -> run.outcome().describe());
        assertNotNull(crashed.hsErrFile(), crashed.describe() + " " + crashed.lastOutput());
        assertTrue(Files.exists(Path.of(crashed.hsErrFile())), crashed.hsErrFile());
        assertTrue(crashed.describe().contains(crashed.hsErrFile()));
        assertPartialAndGone(run);
        Files.deleteIfExists(Path.of(crashed.hsErrFile()));
    }

    @Test
    void silentChildIsTreatedAsHungAndKilled() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill (Linux, macOS)");
        ChildRun run = startSlow(ChildRun.Options.plain().withHangMillis(1_500));
        signal("-STOP", run.pid());   // frozen: not even the heartbeat thread runs
        assertTrue(run.await(10_000));
        RunOutcome.Hung hung = assertInstanceOf(RunOutcome.Hung.class, run.outcome(), () -> run.outcome().describe());
        assertTrue(hung.silentMillis() >= 1_500);
        assertPartialAndGone(run);
    }

    @Test
    void stopEndsTheChildAsCancelled() throws Exception {
        ChildRun run = startSlow(ChildRun.Options.plain());
        long t0 = System.nanoTime();
        run.stop();
        // unstopped, the run goes on for 10 s; a stop that fails ends as Killed, not Cancelled (asserted below).
        // 5 s is the child's cancel and exit plus a loaded machine's delays.
        assertTrue(run.await(5_000), "stopped within 5 s");
        long millis = (System.nanoTime() - t0) / 1_000_000;
        assertInstanceOf(RunOutcome.Cancelled.class, run.outcome(), () -> run.outcome().describe());
        assertTrue(run.recording().wasCancelled());
        assertPartialAndGone(run);
        System.out.println("stop took " + millis + " ms");
    }

    @Test
    void killIsReportedAsKilled() throws Exception {
        ChildRun run = startSlow(ChildRun.Options.plain());
        run.kill("test");
        assertTrue(run.await(5_000));
        assertEquals(new RunOutcome.Killed("test"), run.outcome());
        assertPartialAndGone(run);
    }

    @Test
    void modeTheChildCannotRunFailsWithItsReason() throws Exception {
        ChildRun run = ChildRun.start(RunTarget.ChildJvm.of(TestJdks.jdk21()),
                SLOW.withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName()).withThreads(10), ChildRun.Options.plain());
        assertTrue(run.await(20_000));
        RunOutcome.Failed failed = assertInstanceOf(RunOutcome.Failed.class, run.outcome());
        assertTrue(failed.message().contains("native-frame needs JDK 22"), failed.message());
        assertFalse(run.childAlive());
    }

    @Test
    void jvmThatWillNotStartSaysWhy() throws Exception {
        RunTarget.ChildJvm target = new RunTarget.ChildJvm(TestJdks.thisJdk(), List.of("-XX:+NoSuchFlagAtAll"), "bad");
        ChildRun run = ChildRun.start(target, SLOW.withThreads(10), ChildRun.Options.plain());
        assertTrue(run.await(20_000));
        RunOutcome.Failed failed = assertInstanceOf(RunOutcome.Failed.class, run.outcome());
        assertTrue(failed.message().contains("Unrecognized VM option 'NoSuchFlagAtAll'"), failed.message());
        assertEquals(null, run.recording());
    }

    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("/bin/kill", signal, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor());
    }
}
