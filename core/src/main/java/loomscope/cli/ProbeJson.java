package loomscope.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.probe.CauseReport;
import loomscope.probe.JfrCrossCheck;
import loomscope.probe.ProbeReport;
import loomscope.probe.SnapshotAgreement;

/**
 * The probes' fields of {@code run --json}, in the order written: null where a probe did not run or had nothing to
 * compare ({@code snapshotFailure} is left out when there was none).
 */
record ProbeJson(String probes, Double snapshotRateHz, Long snapshots, Double snapshotMillisMean, Double snapshotAgreement,
                 Long snapshotMountedSamples, Long snapshotMatchedSamples,
                 @JsonInclude(JsonInclude.Include.NON_NULL) String snapshotFailure,
                 Long jfrPinnedEvents, Long jfrMatchedPinnedEvents, Long jfrMatchedPinnedMounts, Long jfrUnmatchedPinnedEvents,
                 Long recordedPinnedMountsWithoutJfrEvent, Boolean jfrMatchedByCarrier, Boolean jfrComplete,
                 Double jfrLagMillisMedian, Double jfrLagMillisMax, Double jfrClockErrorMicros,
                 Double jfrStartAfterSleepStartMicrosMedian, Double jfrStartAfterSleepStartMicrosMaxAbs,
                 Long jfrVirtualThreadStarts, Long jfrVirtualThreadEnds, Long jfrSubmitFailed) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Top sites the text output prints. */
    static final int SITES_SHOWN = 5;

    static void add(ObjectNode node, ProbeReport r) {
        node.setAll((ObjectNode) JSON.valueToTree(of(r)));
        CauseReport causes = r.causes();
        if (causes == null || causes.pinned() < 0) {
            return;
        }
        node.put("causesClassified", causes.classified());
        if (!causes.classified()) {
            node.put("causesNotClassifiedBecause", causes.why());
            return;
        }
        node.put("capturedMounts", causes.captured());
        node.put("stalledMounts", causes.stalled());
        addSites(node.putArray("sites"), causes.sites());
    }

    /**
     * Each site as {@code {frame, kind, reason, count, heldMillis, longestMillis, reasons: [{reason, count, examples}]}}:
     * run's and attach's JSON alike. {@code reason} is the most frequent of {@code reasons}, as sites said before they
     * counted their reasons.
     */
    static void addSites(ArrayNode sites, List<CauseReport.Site> rows) {
        for (CauseReport.Site site : rows) {
            ObjectNode s = sites.addObject();
            s.put("frame", site.frame());
            s.put("kind", site.kind());
            s.put("reason", site.reason());
            s.put("count", site.count());
            s.put("heldMillis", site.heldMillis());
            s.put("longestMillis", site.longestMillis());
            ArrayNode reasons = s.putArray("reasons");
            for (CauseReport.Reason r : site.reasons()) {
                ObjectNode reason = reasons.addObject();
                reason.put("reason", r.reason());
                reason.put("count", r.count());
                if (!r.examples().isEmpty()) {
                    r.examples().forEach(reason.putArray("examples")::add);
                }
            }
        }
    }

    /** The causes' line and the top sites, for the text output; nothing where nobody asked for them. */
    static void causesText(PrintWriter out, ProbeReport r) {
        CauseReport causes = r.causes();
        if (causes == null || causes.pinned() < 0) {
            return;
        }
        out.println(causes.line());
        if (causes.classified() && !causes.sites().isEmpty()) {
            out.println("Where (the first frame outside the JDK):");
            out.print(causes.sitesText(SITES_SHOWN));
        }
    }

    static ProbeJson of(ProbeReport r) {
        boolean snapshots = r.probes().snapshots();
        SnapshotAgreement a = r.snapshotAgreement();
        JfrCrossCheck j = r.jfr();
        boolean jfr = j != null;
        boolean lag = jfr && r.jfrLag() != null && r.jfrLag().events() > 0;
        boolean offsets = jfr && j.matchedEvents() > 0;
        return new ProbeJson(r.probes().cliName(),
                when(snapshots, r.snapshotRateHz()), when(snapshots, (long) r.snapshots()),
                when(snapshots, round(r.meanSnapshotMillis(), 3)),
                when(a != null && a.mounted() > 0, a == null ? 0 : round(a.share(), 5)),
                when(a != null, a == null ? 0 : (long) a.mounted()), when(a != null, a == null ? 0 : (long) a.matched()),
                r.snapshotFailure(),
                when(jfr, jfr ? (long) j.events() : 0), when(jfr, jfr ? (long) j.matchedEvents() : 0),
                when(jfr, jfr ? (long) j.matchedPinnedMounts() : 0), when(jfr, jfr ? (long) j.unmatchedEvents() : 0),
                when(jfr, jfr ? j.pinnedMountsWithoutEvent() : 0),
                jfr && j.events() > 0 ? j.byCarrier() : null, jfr ? r.jfrComplete() : null,
                when(lag, lag ? round(r.jfrLag().medianNanos() / 1e6, 1) : 0),
                when(lag, lag ? round(r.jfrLag().maxNanos() / 1e6, 1) : 0),
                when(jfr && r.jfrClockErrorNanos() >= 0, round(r.jfrClockErrorNanos() / 1e3, 3)),
                when(offsets, offsets ? round(j.medianStartOffsetNanos() / 1e3, 3) : 0),
                when(offsets, offsets ? round(j.maxAbsStartOffsetNanos() / 1e3, 3) : 0),
                when(jfr, (long) r.jfrVirtualThreadStarts()), when(jfr, (long) r.jfrVirtualThreadEnds()),
                when(jfr, (long) r.jfrSubmitFailed()));
    }

    private static Long when(boolean present, long value) {
        return present ? value : null;
    }

    private static Double when(boolean present, double value) {
        return present ? value : null;
    }

    private static double round(double v, int digits) {
        return Double.isFinite(v) ? Double.parseDouble(String.format(Locale.ROOT, "%." + digits + "f", v)) : 0;
    }
}
