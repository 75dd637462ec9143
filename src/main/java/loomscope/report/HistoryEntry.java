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

    /** What the recording says about pinning: the colour a run gets on the card. */
    public Pinning pinning() {
        long pinned = summary.pinnedMounts();
        if (pinned < 0) {
            return Pinning.NOT_RECORDED;
        }
        return pinned > 0 ? Pinning.PINNED : Pinning.NOT_PINNED;
    }

    /** "JDK 25 · synchronized · P1 · N 5,000": enough to tell the bars apart. */
    public String shortLabel() {
        RunSummary s = summary;
        String kind = "platform".equals(s.threadKind()) ? " platform" : "";
        return "JDK " + TimeText.jdkFeature(s.jdkVersion()) + " · " + s.lock() + " · P" + s.parallelism()
                + " · N " + TimeText.count(s.threads()) + kind + (s.cancelled() ? " · cancelled" : "");
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
