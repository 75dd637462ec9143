package loomscope.cli;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.attach.AttachedEpisodes;
import loomscope.attach.LiveTally;
import loomscope.probe.CauseReport;
import loomscope.probe.SiteTable;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/**
 * {@code --every SECONDS}: one JSON line a period on stdout while a recording goes (attach, or a run in this JVM or a
 * child JVM), for a user's tools and CI to read as it comes: {@code t} (seconds since the recording began),
 * {@code mounts} so far, the held ones by class ({@code pinned}, {@code captured}, {@code stalled}, {@code unsure},
 * {@code notYetClassed}), and the top {@value #TOP_SITES} {@code sites} ({@code frame}, {@code kind}, {@code count}),
 * most mounts first. An attach's lines also say {@code notTallied} ({@link LiveTally}). The lines come from a daemon
 * thread of their own, each flushed; the recording never waits for them.
 */
final class LiveLines implements AutoCloseable {
    /** The longest period: an hour. */
    static final double MAX_SECONDS = 3_600;
    /** Sites a line names at most. */
    static final int TOP_SITES = 5;

    /** The longest time between two looks at the recording, whatever the period: an attach tallies what settled. */
    static final long TICK_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** What the lines are made of. */
    interface Source {
        /** The line now, or null for none this period (nothing recorded yet). */
        ObjectNode line();

        /** A look between two lines, at least once a second (an attach tallies the mounts that settled). */
        default void tick() { }
    }

    private final long periodNanos;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Source source;
    private final Thread thread;
    private volatile boolean stopped;

    private LiveLines(double seconds, PrintWriter out, PrintWriter err, Source source) {
        this.periodNanos = Math.max(1, (long) (seconds * 1e9));
        this.out = out;
        this.err = err;
        this.source = source;
        this.thread = new Thread(this::loop, "loomscope-live-lines");
        thread.setDaemon(true);
    }

    /** Refuses a period that is not a number more than 0 and at most an hour, as {@code --every}. */
    static void check(Double seconds) {
        if (seconds != null && !(seconds > 0 && seconds <= MAX_SECONDS)) {
            throw new BadOption("--every", "must be a number of seconds more than 0 and at most 3600: " + seconds);
        }
    }

    /**
     * Starts printing {@code source}'s line every {@code seconds} (null: nothing, and null is returned, which a
     * try-with-resources takes).
     */
    static LiveLines start(Double seconds, PrintWriter out, PrintWriter err, Source source) {
        if (seconds == null) {
            return null;
        }
        LiveLines lines = new LiveLines(seconds, out, err, source);
        lines.thread.start();
        return lines;
    }

    private void loop() {
        long now = System.nanoTime();
        long nextLine = now + periodNanos;
        long nextTick = now + Math.min(periodNanos, TICK_NANOS);
        try {
            // a line made at once and not printed: the classes a line needs (the classifier's, Jackson's writer) load
            // now, not in the first period (measured: 0.9 s, and the first line written 0.65 s after its t at a load of 18)
            ObjectNode warm = source.line();
            if (warm != null) {
                warm.toString();
            }
            while (!stopped) {
                now = System.nanoTime();
                long due = Math.min(nextLine, nextTick);
                if (due > now) {
                    LockSupport.parkNanos(due - now);
                    continue;
                }
                if (now >= nextLine) {
                    // on time from the start, not from the last line: a slow line does not shift the ones after it
                    nextLine = after(nextLine, now, periodNanos);
                    nextTick = now + Math.min(periodNanos, TICK_NANOS);
                    ObjectNode node = source.line();
                    if (node != null && !stopped) {
                        out.println(node.toString());
                        out.flush();
                    }
                    // a period shorter than a line takes (--every 0.001 on a busy target's 100,000 episodes): lines come
                    // at most half the time, so that this thread never takes a whole core, nor the session's lock
                    long took = System.nanoTime() - now;
                    nextLine = Math.max(nextLine, System.nanoTime() + took);
                } else {
                    nextTick = after(nextTick, now, TICK_NANOS);
                    source.tick();
                }
            }
        } catch (RuntimeException e) {
            // our own lines never take the recording down: the summary comes at its end as always
            err.println("loomscope: --every: the live lines stopped: " + LoomScopeCli.oneLine(String.valueOf(e.getMessage())));
            err.flush();
        }
    }

    /** The first of {@code due}, {@code due + period}, … that is later than {@code now}. */
    private static long after(long due, long now, long period) {
        return due + period * ((now - due) / period + 1);
    }

    /** Stops the lines and waits for one being printed (a while at most: stdout may be a full pipe). */
    @Override
    public void close() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** An attach session's lines: cumulative counts, its newest episodes classed live ({@link LiveTally}). */
    static Source of(AttachedEpisodes episodes, String mainClass) {
        LiveTally tally = new LiveTally(episodes, mainClass);
        long began = episodes.helloArrivedAt();
        return new Source() {
            @Override
            public ObjectNode line() {
                LiveTally.Counts c = tally.next(TOP_SITES);
                ObjectNode node = counts(System.nanoTime() - began, c.mounts(), c.pinned(), c.captured(), c.stalled(),
                        c.unsure(), c.notYetClassed());
                node.put("notTallied", c.notTallied());
                ArrayNode sites = node.putArray("sites");
                for (LiveTally.Site s : c.sites()) {
                    site(sites, s.frame(), s.kind(), s.count());
                }
                return node;
            }

            @Override
            public void tick() {
                // the window holds the newest episodes only: what settled is tallied before it leaves, whatever the period
                tally.next(0);
            }
        };
    }

    /**
     * A run's lines (in this JVM or a child's), read from its recording as it goes; null until {@code recording} gives
     * one (a child's exists from its hello). Its counts are the carriers' own but the pinned ones (a walk over the
     * mounts, as the sites' is: once a period).
     */
    static Source of(Supplier<RunRecording> recording) {
        return () -> {
            RunRecording r = recording.get();
            if (r == null) {
                return null;
            }
            long mounts = 0;
            long pinned = 0;
            long captured = 0;
            long stalled = 0;
            long unsure = 0;
            long held = 0;
            for (CarrierLog log : r.carriersByIndex()) {
                if (log == null) {
                    continue;
                }
                int size = log.size();
                mounts += size;
                for (int i = 0; i < size; i++) {
                    pinned += log.pinned(i) ? 1 : 0;
                }
                captured += log.capturedCount();
                stalled += log.stalledCount();
                unsure += log.unsureCount();
                held += log.heldCount();
            }
            ObjectNode node = counts(r.now(), mounts, pinned, captured, stalled, unsure, held);
            ArrayNode sites = node.putArray("sites");
            for (Map.Entry<List<String>, Long> s : byFrameAndKind(SiteTable.of(r))) {
                site(sites, s.getKey().get(0), s.getKey().get(1), s.getValue());
            }
            return node;
        };
    }

    /** The sites table's rows counted by frame and kind, most mounts first, the top {@link #TOP_SITES}. */
    private static List<Map.Entry<List<String>, Long>> byFrameAndKind(List<CauseReport.Site> rows) {
        Map<List<String>, Long> counts = new HashMap<>();
        for (CauseReport.Site s : rows) {
            counts.merge(List.of(s.frame(), s.kind()), (long) s.count(), Long::sum);
        }
        return counts.entrySet().stream()
                .sorted(Comparator.<Map.Entry<List<String>, Long>>comparingLong(Map.Entry::getValue).reversed()
                        .thenComparing(e -> e.getKey().get(0)).thenComparing(e -> e.getKey().get(1)))
                .limit(TOP_SITES)
                .toList();
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static ObjectNode counts(long nanos, long mounts, long pinned, long captured, long stalled, long unsure,
                                     long notYetClassed) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("t", Math.round(Math.max(0, nanos) / 1e6) / 1e3);
        node.put("mounts", mounts);
        node.put("pinned", pinned);
        node.put("captured", captured);
        node.put("stalled", stalled);
        node.put("unsure", unsure);
        node.put("notYetClassed", notYetClassed);
        return node;
    }

    private static void site(ArrayNode sites, String frame, String kind, long count) {
        ObjectNode site = sites.addObject();
        site.put("frame", frame);
        site.put("kind", kind);
        site.put("count", count);
    }
}
