package loomscope.probe;

import java.util.List;
import java.util.Locale;

/**
 * Why the mounts of one run held their carriers, as {@link CauseClassifier} classed them from the JDK's witnesses.
 *
 * @param classified whether the witnesses were there to class by (JFR ran and delivered everything); when false, the
 *                   counts are the carriers' clocks' alone and {@code why} says why
 * @param why        why nothing was classed; or, for classed mounts, what the witnesses could not see (null: nothing)
 * @param sites      the places of the pinned and captured mounts, most carrier time held first
 */
public record CauseReport(boolean classified, String why, long pinned, long captured, long stalled, long unsure,
                          List<Site> sites) {

    /**
     * One place in the code where mounts held their carriers.
     *
     * @param frame  the first frame outside the JDK: "pkg.Class.method:line", or "(no stack)"
     * @param kind   "pinned" or "captured"
     * @param reason the JDK's reason ("Native or VM frame on stack", "file read /x"), or null
     */
    public record Site(String frame, String kind, String reason, int count, double heldMillis, double longestMillis) { }

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
            s.append(String.format(Locale.ROOT, "  %-8s %5d x  %9.1f ms held, longest %7.1f ms  %s%s%n", site.kind(),
                    site.count(), site.heldMillis(), site.longestMillis(), site.frame(),
                    site.reason() == null ? "" : "  (" + site.reason() + ")"));
        }
        return s.toString();
    }
}
