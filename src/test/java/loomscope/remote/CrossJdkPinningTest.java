package loomscope.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The acceptance numbers of the cross-JDK comparison: synchronized, P=1, N=1,000. On this JDK 25 (JEP 491)
 * the sleeping threads unmount; on a real JDK 21, and on JDK 25 with legacy locking, every one pins its
 * carrier for its whole sleep, so the run takes N x (sleep + cpu) instead of about N x cpu + sleep.
 * Each child run takes ~5.4 s.
 */
class CrossJdkPinningTest {

    private static final WorkloadConfig CONFIG = WorkloadConfig.seed().withThreads(1_000).withLockMode(LockMode.SYNCHRONIZED);
    private static RunSummary inProcess;

    @BeforeAll
    static void runOnThisJdk() throws InterruptedException {
        InProcessRun warmUp = InProcessRun.start(CONFIG.withThreads(200), loomscope.workload.RunObserver.NONE);
        warmUp.await(30_000);
        // best of three: one 0.2 s run on a shared 2-core machine can be tripled by a neighbour's build
        for (int i = 0; i < 3; i++) {
            InProcessRun run = InProcessRun.start(CONFIG, loomscope.workload.RunObserver.NONE);
            assertTrue(run.await(60_000));
            RunSummary s = run.summary();
            assertEquals(0, s.pinnedMounts(), "JDK 25 must not pin on synchronized: " + s);
            if (inProcess == null || s.wallMillis() < inProcess.wallMillis()) {
                inProcess = s;
            }
        }
    }

    @Test
    void jdk21PinsEveryThreadAndIsTenTimesSlower() throws InterruptedException {
        RunRecording recording = runInChild(RunTarget.ChildJvm.of(TestJdks.jdk21()));
        assertTrue(recording.jdkVersion().startsWith("21"), recording.jdkVersion());
        assertPinnedAndSlow(recording);
    }

    @Test
    void legacyLockingPresetPinsLikeJdk21() throws InterruptedException {
        JdkInstall thisJdk = TestJdks.thisJdk();
        assertTrue(LegacyLocking.offeredFor(thisJdk), "JDK 25.0.3 still accepts " + LegacyLocking.FLAG);
        RunRecording recording = runInChild(RunTarget.ChildJvm.legacyLocking(thisJdk));
        assertEquals(Runtime.version().toString(), recording.jdkVersion());
        assertPinnedAndSlow(recording);
    }

    private static RunRecording runInChild(RunTarget.ChildJvm target) throws InterruptedException {
        ChildRun run = ChildRun.start(target, CONFIG, ChildRun.Options.plain());
        assertTrue(run.await(120_000), "child run did not end");
        assertInstanceOf(RunOutcome.Completed.class, run.outcome(), () -> run.outcome().describe() + " " + run.childOutput());
        assertTrue(!run.childAlive());
        return run.recording();
    }

    private static void assertPinnedAndSlow(RunRecording recording) {
        RunSummary child = RunSummary.of(recording);
        assertEquals(1_000, child.completed());
        assertEquals(1_000, child.pinnedThreads(), "every virtual thread pinned: " + child);
        assertTrue(child.pinnedMounts() >= 1_000, child.toString());
        // issue #16: the child's carriers measured every mount, and their verdict is the phase rule's
        loomscope.recording.RuleCrossCheck rules = loomscope.recording.RuleCrossCheck.of(recording);
        assertEquals(rules.mounts(), rules.measured(), rules.toString());
        // no pinned mount hidden, also a cold child's first (once judged by a lower bound, then not pinned); a mount
        // both preempted and blocked may be unsure, which is shown as such
        assertTrue(rules.agree(), rules.describe());
        assertTrue(rules.unsure() * 10 <= rules.measured(), "over 10% unsure: " + rules.describe());
        double ratio = child.wallMillis() / inProcess.wallMillis();
        assertTrue(ratio >= 10, String.format("child %.0f ms vs this JDK %.0f ms: only %.1fx",
                child.wallMillis(), inProcess.wallMillis(), ratio));
        // the child's lanes are built from the same calls as in-process ones: named carriers, every mount closed
        CarrierLog[] carriers = recording.carriers();
        assertEquals("loomscope-carrier-0", carriers[0].name());
        for (int vt = 0; vt < recording.threads(); vt++) {
            assertEquals(-1, recording.liveCarrierOf(vt));
        }
    }
}
