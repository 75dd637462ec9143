package loomscope.probe;

import java.util.List;
import java.util.Locale;

/**
 * Why the mounts of one run held their carriers, as {@link CauseClassifier} classed them from the JDK's witnesses.
 *
 * @param classified whether the witnesses were there to class by (JFR ran and delivered everything); when false, the
 *                   counts are the carriers' clocks' alone and {@code why} says why
 * @param why        why nothing was classed; or, for classed mounts, what the witnesses could not see (null: nothing)
 * @param sites      the places of the pinned and captured mounts, and of the unsure ones whose sampled stack names a
 *                   frame outside the JDK, most carrier time held first
 */
public record CauseReport(boolean classified, String why, long pinned, long captured, long stalled, long unsure,
                          List<Site> sites) {

    /**
     * One line of code where mounts held their carriers, for one cause: its frame and its cause, its reasons counted
     * under it.
     *
     * @param frame   the first frame outside the JDK: "pkg.Class.method:line", or "(no stack)"
     * @param kind    "pinned", "captured" or "unsure" (an unsure mount whose sampled stack says where)
     * @param reason  the most frequent of its reasons ("Native or VM frame on stack", "socket write"), or null: what a
     *                site said before it counted its reasons
     * @param reasons its reasons, most mounts first ({@link SiteTable#REASONS_KEPT} at most), each without what differs
     *                from mount to mount (a port, an address, a path), with a few of the texts as they came
     */
    public record Site(String frame, String kind, String reason, int count, double heldMillis, double longestMillis,
                       List<Reason> reasons) {
        public Site {
            reasons = reasons == null ? List.of() : List.copyOf(reasons);
        }

        /** A site of one reason, as files written before sites counted their reasons give it. */
        public Site(String frame, String kind, String reason, int count, double heldMillis, double longestMillis) {
            this(frame, kind, reason, count, heldMillis, longestMillis,
                    reason == null ? List.of() : List.of(new Reason(reason, count, List.of())));
        }

        /** "socket write ×7, socket read ×2": its reasons as a line, or "" where it has none. */
        public String reasonsText() {
            StringBuilder s = new StringBuilder();
            for (Reason r : reasons) {
                s.append(s.isEmpty() ? "" : ", ").append(r.reason()).append(" \u00d7").append(r.count());
            }
            return s.toString();
        }
    }

    /**
     * One reason of a site's mounts.
     *
     * @param reason   the witness's words without the per-mount detail: "socket write", "file read"
     * @param count    its mounts
     * @param examples a few of the texts as the witnesses gave them ("socket write 127.0.0.1:53211"), where they said
     *                 more than {@code reason}
     */
    public record Reason(String reason, int count, List<String> examples) {
        public Reason {
            examples = examples == null ? List.of() : List.copyOf(examples);
        }
    }

    public CauseReport {
        sites = List.copyOf(sites);
    }

    /** This report with {@code note} as its {@code why}: what the witnesses of a classed run could not see. */
    public CauseReport noted(String note) {
        return new CauseReport(classified, note, pinned, captured, stalled, unsure, sites);
    }

    /** "Held: 20 pinned, 5 captured (a system call), 1 stalled (the JVM), 2 unsure." — or why the mounts were not classed. */
    public String line() {
        if (!classified) {
            return "Causes not classed: " + why + ".";
        }
        return String.format(Locale.ROOT, "Carriers held: %,d pinned, %,d captured (a system call), %,d stalled (the JVM), "
                + "%,d unsure (no witness could tell)%s.", pinned, captured, stalled, unsure, why == null ? "" : "; " + why);
    }

    /** The top sites as text lines, at most {@code limit}. */
    public String sitesText(int limit) {
        StringBuilder s = new StringBuilder();
        for (Site site : sites.subList(0, Math.min(limit, sites.size()))) {
            String reasons = site.reasonsText();
            s.append(String.format(Locale.ROOT, "  %-8s %5d x  %9.1f ms held, longest %7.1f ms  %s%s%n", site.kind(),
                    site.count(), site.heldMillis(), site.longestMillis(), site.frame(),
                    reasons.isEmpty() ? "" : "  (" + reasons + ")"));
        }
        return s.toString();
    }
}
