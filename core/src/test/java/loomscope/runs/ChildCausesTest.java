package loomscope.runs;

import loomscope.jdks.JdkInstall;
import loomscope.jdks.TestJdks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * Issue #14, defect 7: whatever the user's --jvm-arg makes the child JVM print, the stream survives; whatever
 * stops the child (out of memory, a flag it refuses, a heap too small to start) is reported with the child's
 * own words for it, not as a hang or "no answer". Real child JVMs, small workloads (~1-2 s each).
 */
class ChildCausesTest {

    private static final WorkloadConfig SMALL = SeedScenario.config().withThreads(20).withParam(SeedScenario.CPU, 0).withParam(SeedScenario.SLEEP, 1);

    private static ChildRun runWith(JdkInstall jdk, WorkloadConfig config, String... jvmArgs) throws InterruptedException {
        ChildRun run = ChildRun.start(new RunTarget.ChildJvm(jdk, List.of(jvmArgs), "test"), config, ChildRun.Options.plain());
        assertTrue(run.await(60_000), "the child run did not end");
        return run;
    }

    private static void assertWhole(ChildRun run, int threads) {
        assertInstanceOf(RunOutcome.Completed.class, run.outcome(), () -> run.outcome().describe() + " " + run.childOutput());
        RunRecording r = run.recording();
        assertTrue(r.isFinished());
        assertFalse(r.wasCancelled());
        assertEquals(threads, r.completedAtEnd());
        assertEquals(threads, r.doneCount(), "every task's DONE arrived");
        assertFalse(run.childAlive());
    }

    @Test
    void gcLoggingOnStdoutDoesNotBreakTheStream() throws Exception {
        assertWhole(runWith(TestJdks.thisJdk(), SMALL, "-Xlog:gc*"), SMALL.threads());
    }

    @Test
    void verboseClassLoadingDoesNotBreakTheStream() throws Exception {
        assertWhole(runWith(TestJdks.thisJdk(), SMALL, "-verbose:class"), SMALL.threads());
    }

    @Test
    void verboseClassLoadingOnJdk21DoesNotBreakTheStream() throws Exception {
        assertWhole(runWith(TestJdks.jdk21(), SMALL, "-verbose:class", "-Xlog:gc*"), SMALL.threads());
    }

    @Test
    void heapTooSmallToStartNamesTheHeap() throws Exception {
        ChildRun run = runWith(TestJdks.thisJdk(), SMALL, "-Xmx1k");
        RunOutcome.Failed failed = assertInstanceOf(RunOutcome.Failed.class, run.outcome(), () -> run.outcome().describe());
        assertTrue(failed.message().contains("Too small maximum heap"), failed.message());
        assertTrue(failed.message().contains("exit code 1"), failed.message());
        assertEquals(null, run.recording());
    }

    @Test
    void unknownVmOptionIsNamed() throws Exception {
        ChildRun run = runWith(TestJdks.thisJdk(), SMALL, "-XX:+NoSuchOptionAnywhere");
        RunOutcome.Failed failed = assertInstanceOf(RunOutcome.Failed.class, run.outcome(), () -> run.outcome().describe());
        assertTrue(failed.message().contains("Unrecognized VM option 'NoSuchOptionAnywhere'"), failed.message());
    }

    /** 8 MB of heap cannot hold the recording of 200,000 tasks: the child runs out of memory mid-run. */
    @Test
    void outOfMemoryIsNamedAtOnceNotCalledAHang() throws Exception {
        ChildRun run = ChildRun.start(new RunTarget.ChildJvm(TestJdks.thisJdk(), List.of("-Xmx8m"), "test"),
                SMALL.withThreads(200_000), ChildRun.Options.plain());
        long t0 = System.nanoTime();
        assertTrue(run.await(ChildRun.DEFAULT_HANG_MILLIS - 2_000), "not reported before a hang would have been");
        long millis = (System.nanoTime() - t0) / 1_000_000;
        RunOutcome outcome = run.outcome();
        assertFalse(outcome instanceof RunOutcome.Hung, outcome.describe());
        assertTrue(outcome.isError());
        assertTrue(outcome.describe().contains("java.lang.OutOfMemoryError"), outcome.describe() + " " + run.childOutput());
        assertFalse(run.childAlive());
        System.out.println("OOM reported after " + millis + " ms: " + outcome.describe());
    }

    @Test
    void emptyOrBlankJvmArgIsRefused() {
        JdkInstall jdk = TestJdks.thisJdk();
        for (String bad : new String[] {"", " ", "\t"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new RunTarget.ChildJvm(jdk, List.of("-Xmx64m", bad), "test"));
            assertTrue(e.getMessage().startsWith("--jvm-arg"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
        assertNotNull(new RunTarget.ChildJvm(jdk, List.of("-Xmx64m"), "test"));
    }
}
