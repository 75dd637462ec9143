package loomscope.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;

/**
 * Where a run's carriers were held: its pinned and captured mounts, and its unsure ones whose sampled stack names a frame
 * outside the JDK, grouped by site (that frame: a line of code) and cause, with their count, the carrier time they held
 * and the longest, most time first. The reasons of a site's mounts are counted under it, without what differs from
 * mount to mount (a socket write's port, a file read's path): one line that writes to a hundred clients is one site,
 * "socket write ×100", not a hundred. From the witnesses' word kept with the recording ({@link MountWhy}), so the same
 * for a run in this JVM, a child's and an attached JVM's; run --json, attach --json and the window's Where table all
 * read it.
 */
public final class SiteTable {
    /** Reasons kept per site, most mounts first; the count of the site is all of its mounts'. */
    public static final int REASONS_KEPT = 5;
    /** Texts kept per reason as the witnesses gave them. */
    public static final int EXAMPLES_KEPT = 3;

    private SiteTable() { }

    /** One site's running totals while the mounts are walked. */
    private static final class Totals {
        int count;
        double held;
        double longest;
        /** Grouped reason to its count and its first few texts; in the order first met. */
        final Map<String, ReasonTotals> reasons = new LinkedHashMap<>();
    }

    private static final class ReasonTotals {
        int count;
        final List<String> examples = new ArrayList<>(EXAMPLES_KEPT);
    }

    /** The sites of {@code recording}'s classed mounts; empty before the witnesses classed them. */
    public static List<CauseReport.Site> of(RunRecording recording) {
        if (!recording.hasWhys()) {
            return List.of();   // no walk over the mounts of a run nothing explained (the Where table asks on the FX thread)
        }
        Map<List<String>, Totals> sites = new HashMap<>();
        for (CarrierLog log : recording.carriersByIndex()) {
            if (log == null) {
                continue;
            }
            int size = log.size();
            for (int i = 0; i < size; i++) {
                MountWhy why = sitedWhy(recording, log, i);
                if (why == null) {
                    continue;
                }
                double held = why.heldNanos() / 1e6;
                Totals site = sites.computeIfAbsent(List.of(why.site(), kind(log.mountClass(i))), k -> new Totals());
                site.count++;
                site.held += held;
                site.longest = Math.max(site.longest, held);
                if (why.reason() != null) {
                    ReasonTotals reason = site.reasons.computeIfAbsent(grouped(why.reason()), k -> new ReasonTotals());
                    reason.count++;
                    if (reason.examples.size() < EXAMPLES_KEPT && !reason.examples.contains(why.reason())) {
                        reason.examples.add(why.reason());
                    }
                }
            }
        }
        List<CauseReport.Site> list = new ArrayList<>();
        sites.forEach((k, v) -> {
            List<CauseReport.Reason> reasons = reasons(v);
            list.add(new CauseReport.Site(k.get(0), k.get(1), reasons.isEmpty() ? null : reasons.get(0).reason(), v.count,
                    round(v.held), round(v.longest), reasons));
        });
        list.sort(Comparator.comparingDouble(CauseReport.Site::heldMillis).reversed().thenComparing(CauseReport.Site::frame)
                .thenComparing(CauseReport.Site::kind));
        return list;
    }

    private static List<CauseReport.Reason> reasons(Totals site) {
        List<Map.Entry<String, ReasonTotals>> entries = new ArrayList<>(site.reasons.entrySet());
        entries.sort(Comparator.comparingInt((Map.Entry<String, ReasonTotals> e) -> e.getValue().count).reversed()
                .thenComparing(Map.Entry::getKey));
        List<CauseReport.Reason> reasons = new ArrayList<>(Math.min(REASONS_KEPT, entries.size()));
        for (Map.Entry<String, ReasonTotals> e : entries.subList(0, Math.min(REASONS_KEPT, entries.size()))) {
            List<String> examples = e.getValue().examples.equals(List.of(e.getKey())) ? List.of() : e.getValue().examples;
            reasons.add(new CauseReport.Reason(e.getKey(), e.getValue().count, examples));
        }
        return reasons;
    }

    /**
     * What mount {@code i} said, where it belongs to a site: pinned or captured, or unsure with a sampled stack that
     * names a frame outside the JDK; else null.
     */
    private static MountWhy sitedWhy(RunRecording recording, CarrierLog log, int i) {
        MountClass cause = log.mountClass(i);
        if (cause != MountClass.PINNED && cause != MountClass.CAPTURED && cause != MountClass.UNSURE) {
            return null;
        }
        MountWhy why = recording.whyOf(log.index(), i);
        if (why == null || cause == MountClass.UNSURE && !namesApplicationFrame(why.site())) {
            return null;
        }
        return why;
    }

    /** Whether a site is a frame outside the JDK ({@link CauseClassifier#frameOf}'s other answers are in parentheses). */
    private static boolean namesApplicationFrame(String site) {
        return site != null && !site.isEmpty() && !site.startsWith("(");
    }

    /**
     * A reason without what differs from mount to mount: a file or socket event's path or address ("socket write
     * 127.0.0.1:53211" is "socket write"). The JDK's pinned reasons, a monitor's class and a sampled stack's method name
     * the code, not the instance, and stay.
     */
    static String grouped(String reason) {
        for (Witness.Kind kind : Witness.Kind.values()) {
            if (kind.io() && reason.startsWith(kind.words()) && (reason.length() == kind.words().length()
                    || reason.charAt(kind.words().length()) == ' ')) {
                return kind.words();
            }
        }
        return reason;
    }

    /** Whether mount {@code i} of {@code log} is one of {@code site}'s: the same frame and cause. */
    public static boolean isAt(RunRecording recording, CarrierLog log, int i, CauseReport.Site site) {
        MountWhy why = sitedWhy(recording, log, i);
        return why != null && kind(log.mountClass(i)).equals(site.kind()) && why.site().equals(site.frame());
    }

    /** "pinned", "captured" or "unsure", as the JSON writes a site's kind. */
    static String kind(MountClass cause) {
        return cause.name().toLowerCase(Locale.ROOT);
    }

    private static double round(double millis) {
        return Math.round(millis * 100) / 100.0;
    }
}
