package loomscope.runs;

import loomscope.jdks.JdkInstall;
import loomscope.jdks.TestJdks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.ObjectWaitScenario;
import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * A scenario and its parameters travel to a child JVM and run there: object-wait with a non-default wait on a real
 * JDK 21 (skipped without one) and on this JDK. The wait each thread measured in the child is the one asked for,
 * so the parameter arrived; times are printed, asserted only where the JDK's behaviour is certain.
 */
class ScenariosInChildTest {

    private static final WorkloadConfig OBJECT_WAIT = Scenarios.config(new ObjectWaitScenario(),
            Map.of("wait-ms", "150"), 6, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL);

    @Test
    void objectWaitOnJdk21() throws InterruptedException {
        RunRecording r = runInChild(RunTarget.ChildJvm.of(TestJdks.jdk21()), OBJECT_WAIT);
        assertTrue(r.jdkVersion().startsWith("21"), r.jdkVersion());
        RunSummary s = assertWaitedAsAsked(r);
        // JDK 21 cannot unmount in Object.wait: each wait holds its carrier, and the JDK compensates by having the
        // pool add carriers (ours are of its carrier class), so the waits overlap as on its default scheduler
        assertTrue(s.carriersAddedByPool() >= 1, s.toString());
        assertTrue(s.pinnedMounts() >= 6, "every wait held its carrier: " + s);
        // a count, not a time: one carrier held by each wait would let only one thread wait at a time
        assertTrue(s.maxLockHolders() > 1, "JDK 21 object-wait: waits overlap: " + s);
    }

    @Test
    void objectWaitOnThisJdk() throws InterruptedException {
        RunRecording r = runInChild(RunTarget.ChildJvm.of(TestJdks.thisJdk()), OBJECT_WAIT);
        RunSummary s = assertWaitedAsAsked(r);
        assertTrue(s.maxLockHolders() > 1, "JDK 25 object-wait: waits overlap: " + s);
    }

    @Test
    void classInitAndWavesRunInAJdk21Child() throws InterruptedException {
        JdkInstall jdk21 = TestJdks.jdk21();
        for (WorkloadConfig c : List.of(
                Scenarios.config(Scenarios.byName("class-init"), Map.of("init-ms", "120"), 4, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL),
                Scenarios.config(Scenarios.byName("waves"), Map.of("sleep-ms", "100"), 5, 2, SchedulerKind.POOL, ThreadKind.VIRTUAL))) {
            RunSummary s = RunSummary.of(runInChild(RunTarget.ChildJvm.of(jdk21), c));
            System.out.printf("%s on JDK 21: %.0f ms%n", c.scenarioText(), s.wallMillis());
            assertEquals(c.threads(), s.completed(), c.scenarioText());
            assertTrue(s.wallMillis() >= 100, c.scenarioText() + " took " + s.wallMillis() + " ms");
        }
    }

    private static RunSummary assertWaitedAsAsked(RunRecording r) {
        RunSummary s = RunSummary.of(r);
        System.out.printf("object-wait wait-ms=150, 6 threads, P=1 on %s: %.0f ms, %d carriers added by the pool%n",
                r.jdkVersion(), s.wallMillis(), s.carriersAddedByPool());
        assertEquals(6, s.completed());
        for (int vt = 0; vt < 6; vt++) {
            long waited = r.phase(vt, Phase.SLEEP_END) - r.phase(vt, Phase.SLEEP_START);
            assertTrue(waited >= 149_000_000L && waited < 2_000_000_000L, "thread " + vt + " waited " + waited + " ns");
        }
        return s;
    }

    private static RunRecording runInChild(RunTarget.ChildJvm target, WorkloadConfig config) throws InterruptedException {
        ChildRun run = ChildRun.start(target, config, ChildRun.Options.plain());
        assertTrue(run.await(60_000), "child run did not end");
        assertInstanceOf(RunOutcome.Completed.class, run.outcome(), () -> run.outcome().describe() + " " + run.childOutput());
        return run.recording();
    }
}
