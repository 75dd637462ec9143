package loomscope.attach;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import loomscope.probe.CauseReport;
import loomscope.probe.LiveCauses;
import loomscope.probe.SiteTable;
import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;

/**
 * An attach session's counts while it records, for {@code attach --every}: cumulative for the whole session, though
 * only its newest episodes are classed live ({@link AttachedEpisodes#newest}, a bounded window). Each call takes the
 * window anew; a mount whose end is older than the settle horizon ({@link LiveCauses#SETTLE_NANOS} before the newest
 * time the stream told) has its class for good and is tallied once, by it, and never again; the mounts of the window
 * not yet settled are added as they stand. Episodes that left the window (or never entered it: past its thread bound,
 * or not kept for lack of memory) before they were tallied are counted, not classed ({@link Counts#notTallied}).
 * <p>
 * Once tallied is told per carrier by the end of its last tallied mount: a carrier's episodes arrive in its own order,
 * so any later one of it ends after that.
 */
public final class LiveTally {
    /** The window's bound: as the attach window's live lanes. */
    static final int WINDOW_EPISODES = 100_000;
    static final int WINDOW_THREADS = 100_000;
    /** Distinct sites kept for the session's ranking: the lines of code a program has, with room to spare. */
    static final int MAX_SITES = 10_000;

    /** A site as the sites table names it (its first frame outside the JDK, and its kind), and its mounts so far. */
    public record Site(String frame, String kind, long count) { }

    /**
     * The session so far: its mounts, the held ones by class (held, not yet classed: {@code notYetClassed}), the
     * mounts never tallied, and the top sites, most mounts first.
     */
    public record Counts(long mounts, long pinned, long captured, long stalled, long unsure, long notYetClassed,
                         long notTallied, List<Site> sites) {
        public Counts {
            sites = List.copyOf(sites);
        }
    }

    private final AttachedEpisodes episodes;
    private final String mainClass;
    private final int windowEpisodes;
    private final int windowThreads;
    /** Per carrier (its name and first sight): the end of its last tallied mount. */
    private final Map<String, Long> talliedThrough = new HashMap<>();
    private long tallied;
    private final long[] settled = new long[MountClass.values().length];
    private final Map<SiteKey, long[]> settledSites = new HashMap<>();

    private record SiteKey(String frame, String kind) { }

    public LiveTally(AttachedEpisodes episodes, String mainClass) {
        this(episodes, mainClass, WINDOW_EPISODES, WINDOW_THREADS);
    }

    LiveTally(AttachedEpisodes episodes, String mainClass, int windowEpisodes, int windowThreads) {
        this.episodes = episodes;
        this.mainClass = mainClass;
        this.windowEpisodes = windowEpisodes;
        this.windowThreads = windowThreads;
    }

    /** The counts now, at most {@code topSites} sites; tallies what has settled since the last call. */
    public synchronized Counts next(int topSites) {
        AttachedEpisodes.Newest newest = episodes.newest(mainClass, Integer.MAX_VALUE, windowEpisodes, windowThreads);
        RunRecording r = newest.recording();
        long horizon = r.runEnd() - LiveCauses.SETTLE_NANOS;
        Map<String, List<CauseReport.Site>> sitesByFrame = new HashMap<>();
        for (CauseReport.Site s : SiteTable.of(r)) {
            sitesByFrame.computeIfAbsent(s.frame(), f -> new ArrayList<>()).add(s);
        }
        long[] open = new long[MountClass.values().length];
        long openHeld = 0;
        long openMounts = 0;
        Map<SiteKey, long[]> openSites = new HashMap<>();
        for (CarrierLog log : r.carriersByIndex()) {
            if (log == null) {
                continue;
            }
            String carrier = log.name() + '@' + log.addedAt();
            long through = talliedThrough.getOrDefault(carrier, Long.MIN_VALUE);
            int size = log.size();
            for (int i = through == Long.MIN_VALUE ? 0 : log.firstEndingAfter(through); i < size; i++) {
                boolean settles = log.end(i) < horizon;
                if (settles) {
                    tallied++;
                    through = log.end(i);
                } else {
                    openMounts++;
                }
                if (log.held(i) && !settles) {
                    openHeld++;
                    continue;
                }
                // the window's classing made a held mount past the horizon unsure already: the same word here
                MountClass cause = log.held(i) ? MountClass.UNSURE : log.mountClass(i);
                if (cause == MountClass.NOT_HELD) {
                    continue;
                }
                (settles ? settled : open)[cause.ordinal()]++;
                SiteKey site = siteOf(r, log, i, sitesByFrame);
                if (site != null && (!settles || settledSites.containsKey(site) || settledSites.size() < MAX_SITES)) {
                    (settles ? settledSites : openSites).computeIfAbsent(site, k -> new long[1])[0]++;
                }
            }
            if (through != Long.MIN_VALUE) {
                talliedThrough.put(carrier, through);
            }
        }
        long mounts = newest.episodesShown() + newest.episodesLeftOut();
        return new Counts(mounts, count(MountClass.PINNED, open), count(MountClass.CAPTURED, open),
                count(MountClass.STALLED, open), count(MountClass.UNSURE, open), openHeld,
                Math.max(0, mounts - tallied - openMounts), top(openSites, topSites));
    }

    private long count(MountClass cause, long[] open) {
        return settled[cause.ordinal()] + open[cause.ordinal()];
    }

    /** The site of the window's sites table that mount {@code i} is at, or null. */
    private static SiteKey siteOf(RunRecording r, CarrierLog log, int i, Map<String, List<CauseReport.Site>> sitesByFrame) {
        MountWhy why = r.whyOf(log.index(), i);
        if (why == null) {
            return null;
        }
        for (CauseReport.Site s : sitesByFrame.getOrDefault(why.site(), List.of())) {
            if (SiteTable.isAt(r, log, i, s)) {
                return new SiteKey(s.frame(), s.kind());
            }
        }
        return null;
    }

    /** The settled sites and the open ones together, most mounts first, at most {@code limit}. */
    private List<Site> top(Map<SiteKey, long[]> open, int limit) {
        Map<SiteKey, Long> all = new HashMap<>();
        settledSites.forEach((k, v) -> all.merge(k, v[0], Long::sum));
        open.forEach((k, v) -> all.merge(k, v[0], Long::sum));
        return all.entrySet().stream()
                .map(e -> new Site(e.getKey().frame(), e.getKey().kind(), e.getValue()))
                .sorted(Comparator.comparingLong(Site::count).reversed().thenComparing(Site::frame).thenComparing(Site::kind))
                .limit(limit)
                .toList();
    }
}
