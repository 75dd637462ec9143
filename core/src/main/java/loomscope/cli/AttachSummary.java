package loomscope.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.attach.AgentStreamReader;
import loomscope.attach.AttachCrossCheck;
import loomscope.attach.AttachSession;
import loomscope.attach.AttachedEpisodes;
import loomscope.probe.CauseReport;
import loomscope.probe.PinnedThreadsTable;
import loomscope.probe.SiteTable;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;

/**
 * What {@code attach} prints once a session is over, as lines or one JSON object: what was recorded, why the carriers
 * were held, JFR's cross-check and sites, and how the session ended.
 */
final class AttachSummary {
    private AttachSummary() { }

    /** The summary as lines: counts, causes, carriers, the cross-check, the sites, and how the session ended. */
    static void print(PrintWriter out, AttachSession session, AttachCrossCheck check,
                              AttachedEpisodes.Classified classified, double wallSeconds, boolean targetEnded, boolean clean,
                      long detachMillisGiven) {
        AttachedEpisodes e = session.episodes();
        Counts c = Counts.of(e, classified.recording());
        if (e.untestedRelease() != null) {
            out.println(e.untestedRelease() + ".");
        }
        out.printf(Locale.ROOT, "Attached %.3f seconds: %,d mounts of %,d virtual threads on %,d carriers.%n",
                e.lastTime() / 1e9, c.mounts, e.virtualThreads().size(), e.carriers().size());
        out.printf(Locale.ROOT, "Pinned mounts: %,d; unsure: %,d; dropped (a carrier's buffer was full): %,d.%n",
                c.pinned, c.unsure, e.dropped());
        out.println(classified.causes().line());
        if (e.notKept() > 0) {
            out.printf(Locale.ROOT, "Not kept: %,d mounts after the first %,d (LoomScope's bound for one session): "
                    + "counted in the mounts, not judged, not saved.%n", e.notKept(), c.mounts - e.notKept());
        }
        for (AttachedEpisodes.Carrier carrier : e.carriers().stream().sorted(Comparator.comparingInt(AttachedEpisodes.Carrier::lane)).toList()) {
            out.printf(Locale.ROOT, "  %s: %,d mounts, %,d pinned%n", shown(carrier.name()), c.perLane[carrier.lane()],
                    c.pinnedByName.getOrDefault(carrier.name(), 0L));
        }
        out.println(check.describe());
        List<PinnedThreadsTable.Row> sites = sites(e);
        if (!sites.isEmpty()) {
            out.printf(Locale.ROOT, "Where the JDK saw pins of 1 ms or more (JFR, by the first frame of the application's; %d of "
                    + "%d sites):%n", Math.min(SITES_PRINTED, sites.size()), sites.size());
            out.print(PinnedThreadsTable.format(sites.subList(0, Math.min(SITES_PRINTED, sites.size()))));
        }
        if (targetEnded) {
            out.println(session.ending() instanceof AgentStreamReader.Ending.Cut
                    ? "The target ended before it could send everything (killed, or it crashed)."
                    : "The target exited while attached; everything it recorded was sent.");
        } else if (clean) {
            out.printf(Locale.ROOT, "Detached after %.1f s: VirtualThread restored, the target runs on.%n", wallSeconds);
        } else if (session.detachUnconfirmed()) {
            out.printf(Locale.ROOT, "The agent did not confirm the detach within %.1f s", detachMillisGiven / 1000.0);
            out.println(" (a stopped or stalling target, or one whose agent is not LoomScope's): LoomScope closed the "
                    + "connection, which the agent takes as a stop; what arrived is kept.");
        } else if (session.cutWhileTargetRuns()) {
            out.println(AttachSession.CUT_WHILE_RUNNING);
        } else {
            // a line LoomScope cannot read, a bound of the session, or no end line within the stop's 30 s
            out.println(session.ending() == null ? "The agent did not confirm the detach within "
                    + AttachSession.STOP_MILLIS / 1000 + " s: what arrived is kept." : session.ending().sentence());
        }
    }

    /** The summary as one JSON object with stable names. */
    static String json(AttachSession session, AttachCrossCheck check, AttachedEpisodes.Classified classified,
                               boolean targetEnded, boolean clean) throws Exception {
        AttachedEpisodes e = session.episodes();
        Counts c = Counts.of(e, classified.recording());
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode node = mapper.createObjectNode();
        node.put("pid", session.target().pid());
        node.put("mainClass", session.target().mainClass());
        node.put("container", session.target().place());
        node.put("jdkVersion", e.javaVersion());
        node.put("recordedSeconds", e.lastTime() / 1e9);
        node.put("mounts", c.mounts);
        node.put("pinnedMounts", c.pinned);
        node.put("unsureMounts", c.unsure);
        CauseReport causes = classified.causes();
        node.put("causesClassified", causes.classified());
        if (causes.why() != null) {
            node.put(causes.classified() ? "causesNote" : "causesNotClassifiedBecause", causes.why());
        }
        node.put("capturedMounts", causes.classified() ? causes.captured() : 0);
        node.put("stalledMounts", causes.classified() ? causes.stalled() : 0);
        node.put("droppedMounts", e.dropped());
        node.put("notKeptMounts", e.notKept());
        node.put("virtualThreads", e.virtualThreads().size());
        node.put("carriers", e.carriers().size());
        var names = node.putArray("carrierNames");
        e.carriers().forEach(carrier -> names.add(carrier.name()));
        if (session.episodes().untestedRelease() != null) {
            node.put("untestedRelease", session.episodes().untestedRelease());
        }
        node.put("jfrTapped", check.jfrTapped());
        if (!check.jfrTapped()) {
            node.put("jfrNotTappedBecause", check.jfrNotTapped());
        }
        node.put("jfrPinnedEvents", check.events());
        node.put("jfrPinnedEventsAtFloor", check.eventsAtFloor());
        node.put("jfrPinnedEventsMatched", check.matchedEvents());
        node.put("pinnedMountsMatchedByJfr", check.pinnedEpisodesMatched());
        var sites = node.putArray("sites");
        if (causes.classified()) {
            // the places of the mounts the witnesses classed pinned or captured, most carrier time held first
            ProbeJson.addSites(sites, causes.sites());
        } else {
            ProbeJson.addSites(sites, pinnedSites(sites(e)));
        }
        node.put("detached", clean);
        node.put("targetExited", targetEnded);
        return mapper.writeValueAsString(node);
    }

    /**
     * JFR's pinned rows as sites, one per frame: a frame's reasons counted under it, the most frequent its
     * {@code reason}, as the classed sites are.
     */
    static List<CauseReport.Site> pinnedSites(List<PinnedThreadsTable.Row> rows) {
        Map<String, List<PinnedThreadsTable.Row>> byFrame = new LinkedHashMap<>();
        rows.forEach(row -> byFrame.computeIfAbsent(row.method(), k -> new ArrayList<>()).add(row));
        List<CauseReport.Site> sites = new ArrayList<>();
        byFrame.forEach((frame, of) -> {
            List<PinnedThreadsTable.Row> sorted = new ArrayList<>(of);
            sorted.sort(Comparator.comparingInt(PinnedThreadsTable.Row::count).reversed());
            List<CauseReport.Reason> reasons = sorted.stream().limit(SiteTable.REASONS_KEPT)
                    .map(r -> new CauseReport.Reason(r.reason(), r.count(), List.of())).toList();
            sites.add(new CauseReport.Site(frame, "pinned", reasons.get(0).reason(),
                    of.stream().mapToInt(PinnedThreadsTable.Row::count).sum(),
                    of.stream().mapToLong(PinnedThreadsTable.Row::totalNanos).sum() / 1e6,
                    of.stream().mapToLong(PinnedThreadsTable.Row::longestNanos).max().orElse(0) / 1e6, reasons));
        });
        sites.sort(Comparator.comparingDouble(CauseReport.Site::heldMillis).reversed());
        return sites;
    }

    /** Sites printed in the text summary (the JSON has them all). */
    static final int SITES_PRINTED = 5;

    /** JFR's pinned events of the 1 ms floor or more, grouped by their first application frame and reason. */
    private static List<PinnedThreadsTable.Row> sites(AttachedEpisodes e) {
        return PinnedThreadsTable.of(e.pinnedEvents().stream().filter(p -> p.duration() >= 1_000_000).toList());
    }

    /** A name the target gave, as a terminal may show it; nothing becomes "(unnamed)". */
    static String shown(String text) {
        return LoomScopeCli.controlsShown(text == null || text.isEmpty() ? "(unnamed)" : text);
    }

    /**
     * The episodes counted once for both the lines and the JSON: mounts per carrier from the episodes, pinned and unsure
     * from the recording whose mounts the witnesses classed (its carriers by name).
     */
    private record Counts(long mounts, long pinned, long unsure, long[] perLane, Map<String, Long> pinnedByName) {
        static Counts of(AttachedEpisodes e, RunRecording classed) {
            long[] per = new long[e.carriers().size()];
            List<AttachedEpisodes.Episode> all = e.episodes();
            for (AttachedEpisodes.Episode ep : all) {
                per[ep.lane()]++;
            }
            Map<String, Long> pinnedByName = new HashMap<>();
            long pinned = 0;
            for (CarrierLog log : classed.carriers()) {
                long n = 0;
                for (int i = 0; i < log.size(); i++) {
                    n += log.pinned(i) ? 1 : 0;
                }
                pinnedByName.merge(log.name(), n, Long::sum);
                pinned += n;
            }
            return new Counts(all.size() + e.notKept(), pinned, RunSummary.unsureMounts(classed), per, pinnedByName);
        }
    }
}
