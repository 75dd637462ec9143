package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.recording.RunSummary;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** The acceptance checks, on real runs in this JVM (JDK 25). */
class ProbeAcceptanceTest {
    static final double HIGHEST_RATE = InProcessSnapshotter.OFFERED_RATES_HZ.get(InProcessSnapshotter.OFFERED_RATES_HZ.size() - 1);


    record ProbeRunResult(RunSummary summary, ProbeReport report, java.util.List<PinnedEvent> events) {
        /** JFR's pinned events at least {@code nanos} long: the seed's own sleeps, not a cold JVM's short waits. */
        long eventsAtLeast(long nanos) {
            return events.stream().filter(e -> e.duration() >= nanos).count();
        }
    }

    static ProbeRunResult run(WorkloadConfig config, ProbeSelection probes, double rateHz) throws Exception {
        ProbeSession.ProbedRun probed = ProbeSession.start(config, probes, rateHz);
        try (ProbeSession session = probed.probes()) {
            assertTrue(probed.run().await(120_000), "run did not end within 2 minutes");
            ProbeReport report = session.finish();
            System.out.println(config.workloadName() + " P=" + config.parallelism() + " N=" + config.threads()
                    + ": " + report);
            System.out.println(report.verifiedLine());
            java.util.List<PinnedEvent> events = session.jfr() == null ? java.util.List.of() : session.jfr().pinnedEvents();
            return new ProbeRunResult(probed.run().summary(), report, events);
        }
    }

    @Test
    void nativeFramePinsAreAllSeenByJfrOnTheirCarrierAndSnapshotsAgree() throws Exception {
        int n = 400;
        WorkloadConfig config = SeedScenario.config().withThreads(n).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName()).withParallelism(2);
        ProbeRunResult r = run(config, ProbeSelection.ALL, HIGHEST_RATE);
        assertEquals(n, r.summary().completed());
        JfrCrossCheck jfr = r.report().jfr();
        assertTrue(r.report().jfrComplete());
        // every pinned sleep is an event; beside other work a few more come (a cold JVM's short waits, a sleep woken
        // early that parks again: measured 408 and 409 for 400 under load), so the sleeps are counted by length
        assertTrue(Math.abs(r.eventsAtLeast(2_500_000) - n) <= n / 100, "JFR pinned events of the sleep's length "
                + r.eventsAtLeast(2_500_000) + " vs N=" + n + " (" + jfr.events() + " in all)");
        assertTrue(jfr.events() <= n + n / 20, "JFR pinned events " + jfr.events() + " vs N=" + n);
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
        WorkloadConfig config = SeedScenario.config().withThreads(2_000).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName()).withParallelism(2);
        ProbeRunResult r = run(config, ProbeSelection.ALL, HIGHEST_RATE);
        // JEP 491: no sleep pinned. A cold JVM under load may still pin briefly (a wait for another thread's class
        // initialisation: measured 1-3 short events beside other builds), never for the 5 ms sleep
        assertEquals(0, r.eventsAtLeast(2_500_000), "JEP 491: no pinned sleep on JDK 25: " + r.report().jfr());
        assertEquals(0, r.summary().pinnedMounts());
        assertTrue(r.report().jfrVirtualThreadStarts() >= 2_000, "VirtualThreadStart events: " + r.report().jfrVirtualThreadStarts());
        // a 0.3 s run sampled at 10 Hz: by chance all three snapshots may fall where no thread is mounted (seen once
        // in a full run); what they saw must agree (the native-frame test asserts enough samples to judge)
        SnapshotAgreement agreement = r.report().snapshotAgreement();
        assertTrue(r.report().snapshots() > 0, "snapshots were taken: " + r.report());
        assertTrue(agreement.mounted() == 0 || agreement.share() >= 0.99, agreement.toString());
    }
}
