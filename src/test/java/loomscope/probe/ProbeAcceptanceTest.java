package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.recording.RunSummary;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** The acceptance checks, on real runs in this JVM (JDK 25). */
class ProbeAcceptanceTest {
    static final double HIGHEST_RATE = InProcessSnapshotter.OFFERED_RATES_HZ.get(InProcessSnapshotter.OFFERED_RATES_HZ.size() - 1);


    record ProbeRunResult(RunSummary summary, ProbeReport report) { }

    static ProbeRunResult run(WorkloadConfig config, ProbeSelection probes, double rateHz) throws Exception {
        ProbeSession.ProbedRun probed = ProbeSession.start(config, probes, rateHz);
        try (ProbeSession session = probed.probes()) {
            assertTrue(probed.run().await(120_000), "run did not end within 2 minutes");
            ProbeReport report = session.finish();
            System.out.println(config.lockMode().cliName() + " P=" + config.parallelism() + " N=" + config.threads()
                    + ": " + report);
            System.out.println(report.verifiedLine());
            return new ProbeRunResult(probed.run().summary(), report);
        }
    }

    @Test
    void nativeFramePinsAreAllSeenByJfrOnTheirCarrierAndSnapshotsAgree() throws Exception {
        int n = 400;
        WorkloadConfig config = WorkloadConfig.seed().withThreads(n).withLockMode(LockMode.NATIVE_FRAME).withParallelism(2);
        ProbeRunResult r = run(config, ProbeSelection.ALL, HIGHEST_RATE);
        assertEquals(n, r.summary().completed());
        JfrCrossCheck jfr = r.report().jfr();
        assertTrue(r.report().jfrComplete());
        assertTrue(Math.abs(jfr.events() - n) <= n / 100, "JFR pinned events " + jfr.events() + " vs N=" + n);
        assertTrue(jfr.byCarrier(), "JDK 25 events name their carrier");
        assertTrue(jfr.matchedEvents() >= 0.99 * jfr.events(), "matched " + jfr.matchedEvents() + " of " + jfr.events());
        assertTrue(jfr.matchedPinnedMounts() >= 0.99 * r.summary().pinnedMounts(),
                "recorded pinned mounts matched " + jfr.matchedPinnedMounts() + " of " + r.summary().pinnedMounts());
        SnapshotAgreement agreement = r.report().snapshotAgreement();
        assertNotNull(agreement);
        // ~1.1 s at 10 Hz with both carriers busy: some 20 mounted samples to check
        assertTrue(agreement.mounted() >= 10, "too few mounted samples to judge: " + agreement);
        assertTrue(agreement.share() >= 0.99, agreement.toString());
        assertNull(r.report().snapshotFailure());
    }

    @Test
    void synchronizedOnJdk25PinsNothingAndSnapshotsAgree() throws Exception {
        WorkloadConfig config = WorkloadConfig.seed().withThreads(2_000).withLockMode(LockMode.SYNCHRONIZED).withParallelism(2);
        ProbeRunResult r = run(config, ProbeSelection.ALL, HIGHEST_RATE);
        assertEquals(0, r.report().jfr().events(), "JEP 491: no pinned events for synchronized on JDK 25");
        assertEquals(0, r.summary().pinnedMounts());
        assertTrue(r.report().jfrVirtualThreadStarts() >= 2_000, "VirtualThreadStart events: " + r.report().jfrVirtualThreadStarts());
        SnapshotAgreement agreement = r.report().snapshotAgreement();
        assertTrue(agreement.mounted() > 0, "snapshots saw no mounted thread: " + agreement);
        assertTrue(agreement.share() >= 0.99, agreement.toString());
    }
}
