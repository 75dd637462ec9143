package loomscope.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountCause;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;

/**
 * Where a run's carriers were held: its pinned and captured mounts grouped by site (the first frame outside the JDK),
 * cause and the JDK's reason, with their count, the carrier time they held and the longest, most time first. From the
 * witnesses' word kept with the recording ({@link MountWhy}), so the same for a run in this JVM, a child's and an
 * attached JVM's; run --json, attach --json and the window's Where table all read it.
 */
public final class SiteTable {
    private SiteTable() { }

    /** The sites of {@code recording}'s classed mounts; empty before the witnesses classed them. */
    public static List<CauseReport.Site> of(RunRecording recording) {
        if (!recording.hasWhys()) {
            return List.of();   // no walk over the mounts of a run nothing explained (the Where table asks on the FX thread)
        }
        Map<List<String>, double[]> sites = new HashMap<>();
        for (CarrierLog log : recording.carriersByIndex()) {
            if (log == null) {
                continue;
            }
            int size = log.size();
            for (int i = 0; i < size; i++) {
                MountCause cause = log.cause(i);
                if (cause != MountCause.PINNED && cause != MountCause.CAPTURED) {
                    continue;
                }
                MountWhy why = recording.whyOf(log.index(), i);
                if (why == null) {
                    continue;
                }
                double held = why.heldNanos() / 1e6;
                double[] site = sites.computeIfAbsent(List.of(why.site(), kind(cause), Objects.requireNonNullElse(why.reason(), "")),
                        k -> new double[3]);
                site[0]++;
                site[1] += held;
                site[2] = Math.max(site[2], held);
            }
        }
        List<CauseReport.Site> list = new ArrayList<>();
        sites.forEach((k, v) -> list.add(new CauseReport.Site(k.get(0), k.get(1), k.get(2).isEmpty() ? null : k.get(2),
                (int) v[0], round(v[1]), round(v[2]))));
        list.sort(Comparator.comparingDouble(CauseReport.Site::heldMillis).reversed().thenComparing(CauseReport.Site::frame));
        return list;
    }

    /** Whether mount {@code i} of {@code log} is one of {@code site}'s. */
    public static boolean isAt(RunRecording recording, CarrierLog log, int i, CauseReport.Site site) {
        MountCause cause = log.cause(i);
        if (cause != MountCause.PINNED && cause != MountCause.CAPTURED || !kind(cause).equals(site.kind())) {
            return false;
        }
        MountWhy why = recording.whyOf(log.index(), i);
        return why != null && why.site().equals(site.frame()) && Objects.equals(why.reason(), site.reason());
    }

    /** "pinned" or "captured", as the JSON writes a site's kind. */
    static String kind(MountCause cause) {
        return cause.name().toLowerCase(Locale.ROOT);
    }

    private static double round(double millis) {
        return Math.round(millis * 100) / 100.0;
    }
}
