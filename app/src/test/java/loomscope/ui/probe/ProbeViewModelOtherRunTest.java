package loomscope.ui.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.probe.PinnedThreadsTable;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import loomscope.ui.job.JobThreads;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** A child JVM's run on screen: the probes say they did not watch it instead of showing another run's figures. */
class ProbeViewModelOtherRunTest {

    @Test
    void aRunTheProbesDidNotWatchGetsNoFiguresFromAnotherRun() {
        ProbeViewModel probes = new ProbeViewModel(JobThreads.probes());
        // stands for the table of the previous in-process run
        probes.rows().add(new PinnedThreadsTable.Row("loomscope.workload.Task.holdAndSleep", "native frame", 5, 1, 5));

        probes.showing(RunRecording.forAnotherJvm(SeedScenario.config().withThreads(10), "21.0.8+9"));

        assertTrue(probes.showsAnotherRun());
        assertTrue(probes.rows().isEmpty(), "the previous run's pinned threads are gone");
        assertEquals("Probes watch runs in this JVM; this run ran in another JVM (Java 21.0.8+9) — see `run --jdk`"
                + " in the CLI for its JDK view.", probes.snapshotTextProperty().get());
        assertFalse(probes.jfrTextProperty().get().matches(".*\\d+ pinned events.*"), probes.jfrTextProperty().get());

        probes.showing(null);
        assertFalse(probes.showsAnotherRun());
        assertEquals("Snapshots: no run yet.", probes.snapshotTextProperty().get());
    }

    /** Attaching runs on a probe thread now: in the meantime the window already shows the run, which is ours. */
    @Test
    void theRunBeingAttachedIsNotCalledAnotherJvmsRun() throws Exception {
        ProbeViewModel probes = new ProbeViewModel(JobThreads.probes());
        loomscope.workload.WorkloadConfig config = SeedScenario.config().withThreads(20);
        probes.prepare(config);
        loomscope.recording.RecordedRun run = loomscope.recording.RecordedRun.start(config);

        probes.attach(run);
        probes.showing(run.recording());

        assertFalse(probes.showsAnotherRun(), probes.snapshotTextProperty().get());
        assertTrue(run.await(30_000));
        // let the probes finish (JFR stops), as the window's pulses would
        for (int i = 0; i < 300 && probes.reportProperty().get() == null; i++) {
            probes.pulse(System.nanoTime());
            Thread.sleep(20);
        }
        assertTrue(probes.reportProperty().get() != null, "the probes finished");
    }

    /**
     * The JFR sentences and the pinned-threads table are computed on a probe thread and shown by a later pulse:
     * after a real pinned run they still end up saying what the report says.
     */
    @Test
    void theJfrSummaryComputedOffThePulseReachesThePanel() throws Exception {
        ProbeViewModel probes = new ProbeViewModel(JobThreads.probes());
        WorkloadConfig config = SeedScenario.config().withThreads(40).withParallelism(2).withParam(SeedScenario.LOCK, loomscope.workload.LockMode.NATIVE_FRAME.cliName());
        probes.prepare(config);
        loomscope.recording.RecordedRun run = loomscope.recording.RecordedRun.start(config);
        probes.attach(run);
        assertTrue(run.await(30_000));
        for (int i = 0; i < 1_000 && !(probes.reportProperty().get() != null
                && probes.jfrTextProperty().get().startsWith("JFR: " + probes.reportProperty().get().jfr().events() + " pinned events,")); i++) {
            probes.pulse(System.nanoTime());
            Thread.sleep(20);
        }
        var report = probes.reportProperty().get();
        assertTrue(report != null, "the probes finished");
        PinnedEventCounts.assertAboutOnePerTask(report, 40);
        assertEquals("JFR: " + report.jfr().events() + " pinned events, " + report.jfr().matchedEvents()
                + " on a recorded pinned mount of their carrier, " + report.jfr().unmatchedEvents() + " not; "
                + report.jfr().pinnedMountsWithoutEvent() + " recorded pinned mounts without an event.", probes.jfrTextProperty().get());
        assertTrue(probes.lagTextProperty().get().startsWith("JFR is late: "), probes.lagTextProperty().get());
        assertTrue(probes.rows().get(0).method().startsWith("loomscope.scenario.SeedTask.holdAndSleep"), probes.rows().toString());
        assertEquals(report.jfr().events(), probes.rows().stream().mapToInt(PinnedThreadsTable.Row::count).sum());
    }
}
