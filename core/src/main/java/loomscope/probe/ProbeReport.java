package loomscope.probe;

import java.util.Locale;
/**
 * What the JDK's voices said about one finished run, next to the recording.
 *
 * @param snapshotAgreement all snapshots together; null without snapshots or without recorded mounts
 * @param jfr               pinned events against recorded pinned mounts; null without JFR
 * @param jfrLag            how late JFR delivered pinned events; null without JFR
 * @param jfrClockErrorNanos bound on the JFR-to-recording clock mapping error (-1 unknown)
 * @param jfrComplete       whether the stream delivered every event before we stopped it
 * @param snapshotFailure   why the snapshot poller stopped early, or what limited it (a child samples a large run), or null
 * @param causes            why the mounts held their carriers, classed from the JDK's witnesses; null where not asked
 */
public record ProbeReport(
        ProbeSelection probes,
        double snapshotRateHz,
        int snapshots,
        double meanSnapshotMillis,
        SnapshotAgreement snapshotAgreement,
        JfrCrossCheck jfr,
        JfrProbe.LagStats jfrLag,
        long jfrClockErrorNanos,
        int jfrVirtualThreadStarts,
        int jfrVirtualThreadEnds,
        int jfrSubmitFailed,
        boolean jfrComplete,
        String snapshotFailure,
        CauseReport causes) {

    /** A report without causes (a test's, or a run whose mounts nobody classed). */
    public ProbeReport(ProbeSelection probes, double snapshotRateHz, int snapshots, double meanSnapshotMillis,
                       SnapshotAgreement snapshotAgreement, JfrCrossCheck jfr, JfrProbe.LagStats jfrLag,
                       long jfrClockErrorNanos, int jfrVirtualThreadStarts, int jfrVirtualThreadEnds, int jfrSubmitFailed,
                       boolean jfrComplete, String snapshotFailure) {
        this(probes, snapshotRateHz, snapshots, meanSnapshotMillis, snapshotAgreement, jfr, jfrLag, jfrClockErrorNanos,
                jfrVirtualThreadStarts, jfrVirtualThreadEnds, jfrSubmitFailed, jfrComplete, snapshotFailure, null);
    }

    /** One line for people: "verified: 99.8% of 1,234 mounted samples agree; JFR 400/400 pinned events matched". */
    public String verifiedLine() {
        StringBuilder s = new StringBuilder("Verified by the JDK: ");
        if (probes == ProbeSelection.NONE) {
            return s.append("no probes ran (--probes none).").toString();
        }
        if (snapshotAgreement != null) {
            s.append(String.format(Locale.ROOT, "snapshots %s of %,d mounted samples on the recorded carrier (%,d snapshots)",
                    percent(snapshotAgreement.share()), snapshotAgreement.mounted(), snapshots));
        } else if (probes.snapshots()) {
            s.append(String.format(Locale.ROOT, "%,d snapshots (no recorded carriers to compare)", snapshots));
        }
        if (probes.snapshots() && snapshotFailure != null) {
            s.append(" [").append(snapshotFailure).append(']');   // e.g. that a large run's snapshots are samples
        }
        if (jfr != null) {
            if (probes.snapshots()) {
                s.append("; ");
            }
            s.append(String.format(Locale.ROOT,
                    "JFR %,d pinned events, %,d matched to recorded pinned mounts%s, %,d recorded pinned mounts without an event",
                    jfr.events(), jfr.matchedEvents(), jfr.byCarrier() ? " on their carrier" : " by time",
                    jfr.pinnedMountsWithoutEvent()));
            if (jfrLag != null && jfrLag.events() > 0) {
                s.append(String.format(Locale.ROOT, " (delivered %.1f s late, median)", jfrLag.medianNanos() / 1e9));
            }
            if (!jfrComplete) {
                s.append(" [JFR stream stopped before delivering everything]");
            }
        }
        return s.append('.').toString();
    }

    static String percent(double share) {
        return Double.isNaN(share) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }
}
