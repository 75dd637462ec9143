package loomscope.report;

import java.time.LocalDate;
import java.util.List;

import loomscope.workload.LockMode;

/**
 * What a timing card says: one headline run, the runs beside it in the history, a title and a date.
 * Pure data; {@link TimingCardRenderer} turns it into pixels.
 *
 * @param history the runs to draw as bars, oldest first; the headline is highlighted if it is among them
 */
public record TimingCard(String title, HistoryEntry headline, List<HistoryEntry> history, LocalDate date) {

    /** More bars than this would shrink the labels below what the back row can read. */
    public static final int MAX_BARS = 8;

    public TimingCard {
        if (headline == null) {
            throw new IllegalArgumentException("a timing card needs a run to show");
        }
        title = title == null || title.isBlank() ? defaultTitle(headline) : title.strip();
        history = history == null || history.isEmpty() ? List.of(headline) : List.copyOf(history);
        date = date == null ? LocalDate.now() : date;
    }

    /** A card for the newest run of a history. */
    public static TimingCard ofLatest(List<HistoryEntry> history, LocalDate date) {
        if (history.isEmpty()) {
            throw new IllegalArgumentException("no runs yet: run the workload before exporting a timing card");
        }
        return new TimingCard(null, history.get(history.size() - 1), history, date);
    }

    /** The bars to draw: the newest {@link #MAX_BARS}, always including the headline. */
    public List<HistoryEntry> bars() {
        int n = history.size();
        if (n <= MAX_BARS) {
            return history;
        }
        List<HistoryEntry> newest = history.subList(n - MAX_BARS, n);
        if (newest.contains(headline)) {
            return newest;
        }
        List<HistoryEntry> withHeadline = new java.util.ArrayList<>(history.subList(n - MAX_BARS + 1, n));
        withHeadline.add(0, headline);
        return List.copyOf(withHeadline);
    }

    /** Runs in the history that the chart leaves out. */
    public int hiddenRuns() {
        return history.size() - bars().size();
    }

    static String defaultTitle(HistoryEntry run) {
        String lock = run.summary().lock();
        try {
            return switch (LockMode.fromCliName(lock)) {
                case NONE -> "No lock: CPU work, then sleep";
                case SHARED_SYNCHRONIZED -> "One shared lock: every sleep in single file";
                case SYNCHRONIZED -> "Sleep inside synchronized, a lock per task";
                case REENTRANT_LOCK -> "Sleep inside a ReentrantLock, a lock per task";
                case NATIVE_FRAME -> "Sleep inside a native frame (FFM upcall)";
            };
        } catch (IllegalArgumentException unknownMode) {
            return "LoomScope run: " + lock;
        }
    }
}
