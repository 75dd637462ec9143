package loomscope.report;

import java.time.Instant;

import loomscope.recording.RunSummary;

/**
 * One finished run as the history keeps it.
 *
 * @param finishedAt when the run ended; null when unknown (a summary read back from JSON without a time)
 */
public record HistoryEntry(RunSummary summary, Instant finishedAt) {

    public HistoryEntry {
        if (summary == null) {
            throw new IllegalArgumentException("a history entry needs the run's summary");
        }
    }

    public static HistoryEntry finishedNow(RunSummary summary) {
        return new HistoryEntry(summary, Instant.now());
    }

    /**
     * What the recording says about pinning: the colour a run gets on the card. A run counts as pinned
     * when at least 1% of its threads pinned a carrier: a shared-lock run on JDK 25 can record a single
     * pinned mount among thousands (a monitor handoff), which is not the story its bar should tell.
     */
    public Pinning pinning() {
        if (summary.pinnedMounts() < 0) {
            return Pinning.NOT_RECORDED;
        }
        return summary.pinnedThreads() * 100L >= Math.max(1, summary.threads()) ? Pinning.PINNED : Pinning.NOT_PINNED;
    }

    /** Pinned mounts that the colour rounds away (see {@link #pinning()}). */
    public boolean hasStrayPins() {
        return pinning() == Pinning.NOT_PINNED && summary.pinnedMounts() > 0;
    }

    /** "JDK 25 · synchronized · P1 · N 5,000": enough to tell the bars apart. */
    public String shortLabel() {
        RunSummary s = summary;
        String kind = "platform".equals(s.threadKind()) ? " platform" : "";
        // the seeds' 5 ms goes without saying; any other sleep changes the story and is named
        String sleep = s.sleepMillis() == 5 ? "" : " · sleep " + TimeText.count(s.sleepMillis()) + " ms";
        return "JDK " + TimeText.jdkFeature(s.jdkVersion()) + " · " + s.lock() + " · P" + s.parallelism()
                + " · N " + TimeText.count(s.threads()) + kind + sleep + (s.cancelled() ? " · cancelled" : "");
    }

    public enum Pinning {
        PINNED("pinned carriers"),
        NOT_PINNED("no pinning"),
        NOT_RECORDED("pinning not recorded");

        private final String legend;

        Pinning(String legend) {
            this.legend = legend;
        }

        public String legend() {
            return legend;
        }
    }
}
