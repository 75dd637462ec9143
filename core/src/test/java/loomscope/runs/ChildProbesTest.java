package loomscope.runs;

import loomscope.jdks.TestJdks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import loomscope.probe.PinnedEvent;
import loomscope.probe.SnapshotAgreement;
import loomscope.probe.ThreadSample;
import loomscope.probe.ThreadSnapshot;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * HotSpot JSON dumps and JFR pinned events taken in the child, parsed there and streamed back, agree with
 * the recording rebuilt here. The child is JDK 25 with legacy locking: every thread pins for its sleep, so
 * the dumps see one mounted, sleeping thread per carrier (and there is little mount churn to crash the dumper).
 */
class ChildProbesTest {

    /** The dump's per-thread instant is mapped from the child's wall clock: allow that mapping 1 ms. */
    private static final long TOLERANCE_NANOS = 1_000_000;

    @Test
    void dumpsFromTheChildAgreeWithItsRecording() throws InterruptedException {
        WorkloadConfig config = SeedScenario.config().withThreads(600).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName());
        ChildRun run = ChildRun.start(RunTarget.ChildJvm.legacyLocking(TestJdks.thisJdk()), config,
                ChildRun.Options.plain().withProbes(true, 4));
        assertTrue(run.await(60_000));
        assertInstanceOf(RunOutcome.Completed.class, run.outcome(), () -> run.outcome().describe() + " " + run.childOutput());

        List<ThreadSnapshot> snapshots = run.snapshots();
        assertTrue(snapshots.size() >= 4, "a dump every 250 ms over ~3 s: " + snapshots.size() + " " + run.probeNotes());
        List<SnapshotAgreement> each = new ArrayList<>();
        int pinnedSleepers = 0;
        for (ThreadSnapshot s : snapshots) {
            assertTrue(s.jdkVersion().startsWith("25"), s.jdkVersion());
            assertTrue(s.takenAt() >= run.recording().runStart() && s.takenAt() < run.recording().runEnd(),
                    () -> "placed on the recording clock, within the run: " + s.takenAt() + " ns, the run "
                            + run.recording().runStart() + ".." + run.recording().runEnd());
            if (s.mountedTasks() > 0) {
                each.add(SnapshotAgreement.of(s, run.recording(), TOLERANCE_NANOS));
            }
            for (ThreadSample t : s.samples()) {
                pinnedSleepers += t.pinnedBlocked() ? 1 : 0;
            }
        }
        SnapshotAgreement overall = SnapshotAgreement.overall(each);
        System.out.printf("child dumps: %d snapshots, %d mounted samples, agreement %.4f, %d pinned sleepers%n",
                snapshots.size(), overall.mounted(), overall.share(), pinnedSleepers);
        assertTrue(overall.mounted() >= 3, overall.toString());
        assertTrue(overall.share() >= 0.99, overall.toString());
        assertTrue(pinnedSleepers >= 1, "the JDK itself saw a thread sleeping on its carrier");

        List<PinnedEvent> pins = run.pinnedEvents();
        // the 5 ms sleeps, each held on its carrier; a loaded child also pins for a millisecond or two where a thread
        // holding its lock waits for something else (CI once delivered such a 1.05 ms event first)
        List<PinnedEvent> sleeps = pins.stream().filter(p -> p.duration() >= 4_000_000).toList();
        System.out.printf("child JFR: %d pinned events, %d of them 4 ms or longer, first %s%n", pins.size(), sleeps.size(),
                sleeps.isEmpty() ? "-" : sleeps.get(0));
        assertTrue(sleeps.size() >= config.threads() * 0.9, "JFR saw the sleeps pinned: " + sleeps.size() + " of "
                + pins.size() + " events 4 ms or longer");
        PinnedEvent first = sleeps.get(0);
        assertEquals("loomscope-carrier-0", first.carrierName());
        assertEquals(0, first.carrierIndex());
        assertTrue(first.start() >= run.recording().runStart() - TOLERANCE_NANOS && first.start() < run.recording().runEnd());
        assertTrue(first.lag() >= 0, "delivered after it ended: lag " + first.lag());
        assertTrue(first.reason() != null && first.reason().startsWith("Freeze or preempt failed"), first.reason());
    }
}
