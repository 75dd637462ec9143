package loomscope.runs;

import java.util.ArrayList;
import java.util.List;

import loomscope.probe.JfrCrossCheck;
import loomscope.probe.JfrProbe;
import loomscope.probe.PinnedEvent;
import loomscope.probe.ProbeReport;
import loomscope.probe.ProbeSelection;
import loomscope.probe.SnapshotAgreement;
import loomscope.probe.ThreadSnapshot;
import loomscope.recording.RunRecording;

/** The probe model's report for a run in a child JVM, from what the child streamed: same checks, same words. */
public final class ChildProbeReport {

    /**
     * A child's dump instants are mapped from its wall clock to the stream's clock once per dump; allow that
     * mapping this much when checking the dump's carriers against the recording.
     */
    public static final long DUMP_CLOCK_TOLERANCE_NANOS = 1_000_000;

    private ChildProbeReport() { }

    public static ProbeReport of(ChildRun run, ProbeSelection probes, double dumpsPerSecond) {
        RunRecording recording = run.recording();
        List<ThreadSnapshot> snapshots = run.snapshots();
        List<SnapshotAgreement> each = new ArrayList<>();
        double tookMillis = 0;
        for (ThreadSnapshot s : snapshots) {
            tookMillis += s.tookNanos() / 1e6;
            if (recording != null && recording.recordsMounts() && s.reportsCarriers() && s.mountedTasks() > 0) {
                each.add(SnapshotAgreement.of(s, recording, DUMP_CLOCK_TOLERANCE_NANOS));
            }
        }
        List<PinnedEvent> pinned = run.pinnedEvents();
        boolean jfr = probes.jfr() && recording != null;
        return new ProbeReport(probes, probes.snapshots() ? dumpsPerSecond : 0, snapshots.size(),
                snapshots.isEmpty() ? 0 : tookMillis / snapshots.size(),
                each.isEmpty() ? null : SnapshotAgreement.overall(each),
                jfr ? JfrCrossCheck.of(pinned, recording) : null,
                jfr ? lag(pinned) : null,
                -1, 0, 0, 0, true,
                run.probeNotes().isEmpty() ? null : String.join("; ", run.probeNotes()), run.causes());
    }

    private static JfrProbe.LagStats lag(List<PinnedEvent> events) {
        long[] lags = events.stream().mapToLong(PinnedEvent::lag).sorted().toArray();
        return lags.length == 0 ? new JfrProbe.LagStats(0, 0, 0)
                : new JfrProbe.LagStats(lags.length, lags[lags.length / 2], lags[lags.length - 1]);
    }

}
