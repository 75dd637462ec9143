package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** Agreement must be able to fail: a snapshot that lies about carriers or times is caught. */
class SnapshotCheckTest {

    @Test
    void aTrueSnapshotAgreesAndForgedOnesAreCaught() throws Exception {
        WorkloadConfig config = SeedScenario.config().withThreads(300).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName()).withParallelism(2);
        RecordedRun run = RecordedRun.start(config);
        try (InProcessSnapshotter snapshotter = InProcessSnapshotter.start(run.run(), run.recording(), 0.5)) {
            ThreadSnapshot snapshot = null;
            for (int attempt = 0; attempt < 200 && !bothBusyOneInTheWorkload(snapshot); attempt++) {
                Thread.sleep(3);
                snapshot = snapshotter.takeOne();
            }
            assertNotNull(snapshot);
            assertTrue(bothBusyOneInTheWorkload(snapshot),
                    "no snapshot caught both carriers busy, one of them in the workload's code: " + snapshot);

            SnapshotAgreement truth = SnapshotAgreement.of(snapshot, run.recording());
            assertEquals(truth.mounted(), truth.matched(), truth.toString());

            SnapshotAgreement swapped = SnapshotAgreement.of(forge(snapshot, 0, true), run.recording());
            assertEquals(0, swapped.matched(), "carriers swapped: " + swapped);
            assertEquals(swapped.mounted(), swapped.wrongCarrier());

            SnapshotAgreement later = SnapshotAgreement.of(forge(snapshot, 60_000_000_000L, false), run.recording());
            assertEquals(0, later.matched(), "a minute later nothing was mounted: " + later);
            assertEquals(later.mounted(), later.notMounted());

            inspect(snapshot);
            assertTrue(run.await(60_000));
        } finally {
            // a failed assertion must not leave 300 threads running into the next test class (CI once saw its mounted
            // threads in another test's thread dump)
            if (!run.run().isFinished()) {
                run.run().cancel();
                run.await(60_000);
            }
        }
    }

    /**
     * A mounted thread's stack is only its {@code VirtualThread.run} frame between its mount and its task's first call
     * (or after its last return): CI once sampled one there.
     */
    private static boolean inTheWorkload(ThreadSample sample) {
        return sample.mounted() && sample.stack().stream().anyMatch(f -> f.className().startsWith("loomscope.workload."));
    }

    private static boolean bothBusyOneInTheWorkload(ThreadSnapshot snapshot) {
        return snapshot != null && snapshot.mountedTasks() >= 2
                && snapshot.samples().stream().anyMatch(SnapshotCheckTest::inTheWorkload);
    }

    private static void inspect(ThreadSnapshot snapshot) {
        ThreadSample mounted = snapshot.samples().stream().filter(SnapshotCheckTest::inTheWorkload).findFirst().orElseThrow();
        SnapshotInspector.Inspection vt = SnapshotInspector.virtualThread(snapshot, mounted.taskIndex());
        assertEquals(mounted.carrierName(), vt.carrier());
        assertEquals("loomscope-vt-" + mounted.taskIndex(), vt.subject());
        assertTrue(vt.stack().stream().anyMatch(f -> f.className().startsWith("loomscope.workload.")), vt.stack().toString());
        SnapshotInspector.Inspection lane = SnapshotInspector.carrier(snapshot, mounted.carrierIndex(), mounted.carrierName());
        assertEquals(mounted.name(), lane.carrier());
        assertEquals(vt.stack(), lane.stack());
        assertEquals("no snapshot yet", SnapshotInspector.virtualThread(null, 3).state());
    }

    /** The same samples, carriers swapped between lanes 0 and 1, or moved in time. */
    private static ThreadSnapshot forge(ThreadSnapshot s, long shift, boolean swapCarriers) {
        List<ThreadSample> forged = new ArrayList<>();
        for (ThreadSample t : s.samples()) {
            int c = t.carrierIndex();
            int other = swapCarriers && c >= 0 ? 1 - c : c;
            forged.add(new ThreadSample(t.taskIndex(), t.name(), t.tid(), t.virtual(), t.state(), t.carrierReported(),
                    t.mounted() ? ThreadNames.CARRIER_PREFIX + other : null, other, t.sampledFrom() + shift,
                    t.sampledTo() + shift, t.stack()));
        }
        return new ThreadSnapshot(s.takenAt() + shift, s.tookNanos(), s.source(), s.jdkVersion(), forged);
    }

    /**
     * Carriers start in any order: CI once caught carrier 1 running thread 0 before carrier 0 had reported its
     * start, and the check, which looked carriers up in the gapless list drawn as lanes, called it not mounted.
     */
    @Test
    void aCarrierThatStartedBeforeALowerNumberedOneIsStillFound() {
        RunRecording recording = RunRecording.forThisJvm(SeedScenario.config().withThreads(4).withParallelism(2));
        RunRecorder recorder = new RunRecorder(recording);
        long origin = recording.origin();
        recorder.carrierAdded(1, ThreadNames.CARRIER_PREFIX + 1, origin + 1_000);
        recorder.submitted(0, origin + 2_000);
        recorder.mountStarted(1, 0, origin + 2_000, origin + 3_000);
        ThreadSample onCarrier1 = new ThreadSample(0, "loomscope-vt-0", 42, true, Thread.State.RUNNABLE, true,
                ThreadNames.CARRIER_PREFIX + 1, 1, 4_000, 5_000, List.of());
        ThreadSnapshot snapshot = new ThreadSnapshot(4_000, 1_000, SnapshotSource.IN_PROCESS, "25", List.of(onCarrier1));

        SnapshotAgreement agreement = SnapshotAgreement.of(snapshot, recording);

        assertEquals(1, agreement.matched(), agreement.toString());
        assertEquals(0, recording.carriers().length, "lanes stay gapless until carrier 0 has started");
    }

    @Test
    void jfrEventsOnACarrierThatStartedBeforeALowerNumberedOneAreMatched() {
        RunRecording recording = RunRecording.forThisJvm(
                SeedScenario.config().withThreads(4).withParallelism(2).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName()));
        RunRecorder recorder = new RunRecorder(recording);
        long origin = recording.origin();
        recorder.carrierAdded(1, ThreadNames.CARRIER_PREFIX + 1, origin + 1_000);
        recorder.submitted(0, origin + 2_000);
        recorder.mountStarted(1, 0, origin + 2_000, origin + 3_000);
        recorder.phase(0, loomscope.workload.Phase.SLEEP_START, origin + 4_000);
        recorder.phase(0, loomscope.workload.Phase.SLEEP_END, origin + 9_000);
        recorder.mountEnded(1, 0, origin + 10_000, -1);
        PinnedEvent pinned = new PinnedEvent(4_100, 4_800, ThreadNames.CARRIER_PREFIX + 1, 1, null, null, List.of(), 20_000);

        JfrCrossCheck check = JfrCrossCheck.of(List.of(pinned), recording);

        assertEquals(1, check.matchedEvents(), check.toString());
        assertEquals(1, check.recordedPinnedMounts(), check.toString());
    }

    @Test
    void refusesToCompareWhatCannotBeCompared() throws Exception {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(10).withScheduler(loomscope.workload.SchedulerKind.DEFAULT));
        ThreadSnapshot jdk21Like = new ThreadSnapshot(0, 0, SnapshotSource.HOTSPOT_JSON, "21", List.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SnapshotAgreement.of(jdk21Like, run.recording()));
        assertTrue(e.getMessage().contains("not recorded"), e.getMessage());
        assertTrue(run.await(30_000));
    }
}
