package loomscope.cli;

import java.util.Locale;

import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.probe.JfrCrossCheck;
import loomscope.probe.ProbeReport;
import loomscope.probe.SnapshotAgreement;

/** The probes' fields of {@code run --json}: null where a probe did not run or had nothing to compare. */
final class ProbeJson {
    private ProbeJson() { }

    static void add(ObjectNode node, ProbeReport r) {
        node.put("probes", r.probes().cliName());
        boolean snapshots = r.probes().snapshots();
        number(node, "snapshotRateHz", snapshots, r.snapshotRateHz());
        count(node, "snapshots", snapshots, r.snapshots());
        number(node, "snapshotMillisMean", snapshots, round(r.meanSnapshotMillis(), 3));
        SnapshotAgreement a = r.snapshotAgreement();
        number(node, "snapshotAgreement", a != null && a.mounted() > 0, a == null ? 0 : round(a.share(), 5));
        count(node, "snapshotMountedSamples", a != null, a == null ? 0 : a.mounted());
        count(node, "snapshotMatchedSamples", a != null, a == null ? 0 : a.matched());
        if (r.snapshotFailure() != null) {
            node.put("snapshotFailure", r.snapshotFailure());
        }
        JfrCrossCheck j = r.jfr();
        boolean jfr = j != null;
        count(node, "jfrPinnedEvents", jfr, jfr ? j.events() : 0);
        count(node, "jfrMatchedPinnedEvents", jfr, jfr ? j.matchedEvents() : 0);
        count(node, "jfrMatchedPinnedMounts", jfr, jfr ? j.matchedPinnedMounts() : 0);
        count(node, "jfrUnmatchedPinnedEvents", jfr, jfr ? j.unmatchedEvents() : 0);
        count(node, "recordedPinnedMountsWithoutJfrEvent", jfr, jfr ? j.pinnedMountsWithoutEvent() : 0);
        if (jfr && j.events() > 0) {
            node.put("jfrMatchedByCarrier", j.byCarrier());
        } else {
            node.putNull("jfrMatchedByCarrier");
        }
        if (jfr) {
            node.put("jfrComplete", r.jfrComplete());
        } else {
            node.putNull("jfrComplete");
        }
        boolean lag = jfr && r.jfrLag() != null && r.jfrLag().events() > 0;
        number(node, "jfrLagMillisMedian", lag, lag ? round(r.jfrLag().medianNanos() / 1e6, 1) : 0);
        number(node, "jfrLagMillisMax", lag, lag ? round(r.jfrLag().maxNanos() / 1e6, 1) : 0);
        number(node, "jfrClockErrorMicros", jfr && r.jfrClockErrorNanos() >= 0, round(r.jfrClockErrorNanos() / 1e3, 3));
        boolean offsets = jfr && j.matchedEvents() > 0;
        number(node, "jfrStartAfterSleepStartMicrosMedian", offsets, offsets ? round(j.medianStartOffsetNanos() / 1e3, 3) : 0);
        number(node, "jfrStartAfterSleepStartMicrosMaxAbs", offsets, offsets ? round(j.maxAbsStartOffsetNanos() / 1e3, 3) : 0);
        count(node, "jfrVirtualThreadStarts", jfr, r.jfrVirtualThreadStarts());
        count(node, "jfrVirtualThreadEnds", jfr, r.jfrVirtualThreadEnds());
        count(node, "jfrSubmitFailed", jfr, r.jfrSubmitFailed());
    }

    private static void count(ObjectNode node, String field, boolean present, long value) {
        if (present) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
    }

    private static void number(ObjectNode node, String field, boolean present, double value) {
        if (present) {
            node.put(field, value);
        } else {
            node.putNull(field);
        }
    }

    private static double round(double v, int digits) {
        return Double.isFinite(v) ? Double.parseDouble(String.format(Locale.ROOT, "%." + digits + "f", v)) : 0;
    }
}
