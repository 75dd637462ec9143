package loomscope.report;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.workload.LockMode;

/**
 * What a timing card says: one headline run, the runs beside it in the history, a title and a date.
 * Pure data; {@link TimingCardRenderer} turns it into pixels.
 *
 * @param history the runs to draw as bars, oldest first; the headline is highlighted if it is among them
 * @param comparison set when the card shows the same workload on two JVMs (the compare view), else null
 * @param lanes      the headline run's carrier lanes over a range of it (the window's visible range, {@code export
 *                   --range}), drawn in the chart's place; null for none
 */
public record TimingCard(String title, HistoryEntry headline, List<HistoryEntry> history, LocalDate date,
                         Comparison comparison, Lanes lanes) {

    /** The lanes of {@code recording} over {@code range} of its clock (null: the whole run), as the window draws them. */
    public record Lanes(RunRecording recording, TimeAxis range) {
        public Lanes {
            if (range == null) {
                range = new TimeAxis(recording.runStart(), recording.settledEnd() - recording.runStart(), false);
            }
            String problem = RunRange.problem(recording, range);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
        }
    }

    /** A card without lanes. */
    public TimingCard(String title, HistoryEntry headline, List<HistoryEntry> history, LocalDate date, Comparison comparison) {
        this(title, headline, history, date, comparison, null);
    }

    /** The same card with {@code lanes} in its chart's place. */
    public TimingCard withLanes(Lanes lanes) {
        return new TimingCard(title, headline, history, date, comparison, lanes);
    }

    /**
     * Two runs of one workload on two JVMs: their names (a summary knows the Java version but not the JVM
     * flags, so "JDK 25 + legacy locking" must be named by whoever started it) and how their times relate.
     */
    public record Comparison(String firstName, String secondName, boolean ranTogether) {

        /** What the ratio line adds when both runs shared the CPU (each was slower than alone). */
        public static final String TOGETHER = "(run together: they shared the CPU)";

        public Comparison {
            if (firstName == null || firstName.isBlank() || secondName == null || secondName.isBlank()) {
                throw new IllegalArgumentException("a comparison names both JVMs");
            }
        }

        /** Runs one after the other, each with the machine to itself. */
        public Comparison(String firstName, String secondName) {
            this(firstName, secondName, false);
        }

        /** "JDK 21 took 31.9× as long as JDK 25", from the two measured times. */
        public String ratioLine(HistoryEntry first, HistoryEntry second) {
            double a = first.summary().wallMillis();
            double b = second.summary().wallMillis();
            if (a <= 0 || b <= 0) {
                return "";
            }
            return a >= b ? String.format(Locale.ROOT, "%s took %.1f× as long as %s", firstName, a / b, secondName)
                    : String.format(Locale.ROOT, "%s took %.1f× as long as %s", secondName, b / a, firstName);
        }

        /**
         * What the ratio needs said beside it: {@link #TOGETHER} when both runs shared the CPU (the card draws
         * it on its own line under the ratio, so it is never cut off), else "".
         */
        public String ratioNote() {
            return ranTogether ? TOGETHER : "";
        }

        /** The name of bar {@code index} (0 = first). */
        public String name(int index) {
            return index == 0 ? firstName : secondName;
        }
    }

    /** A card about one run among others (the window's history, the CLI's runs). */
    public TimingCard(String title, HistoryEntry headline, List<HistoryEntry> history, LocalDate date) {
        this(title, headline, history, date, null);
    }

    /**
     * The compare view's card: both runs as bars with their times and the ratio; the second run (usually
     * this JVM) is the headline, the first (usually JDK 21) sits beside it.
     */
    public static TimingCard comparing(String firstName, HistoryEntry first, String secondName, HistoryEntry second,
                                       LocalDate date) {
        return comparing(firstName, first, secondName, second, false, date);
    }

    /** As above; {@code ranTogether} when both runs shared the CPU, which the ratio line then says. */
    public static TimingCard comparing(String firstName, HistoryEntry first, String secondName, HistoryEntry second,
                                       boolean ranTogether, LocalDate date) {
        if (first == null || second == null) {
            throw new IllegalArgumentException("a comparison card needs both runs: run both sides first");
        }
        Comparison comparison = new Comparison(firstName, secondName, ranTogether);
        String what = defaultTitle(second);
        return new TimingCard(firstName + " vs " + secondName + ": " + Character.toLowerCase(what.charAt(0)) + what.substring(1), second,
                List.of(first, second), date, comparison);
    }

    /**
     * A title longer than this could not be read on a slide at any size the card allows; longer ones are cut
     * here, before anything is measured (the CLI refuses them outright).
     */
    public static final int MAX_TITLE_CHARS = 200;

    /** More bars than this would shrink the labels below what the back row can read. */
    public static final int MAX_BARS = 8;

    public TimingCard {
        if (headline == null) {
            throw new IllegalArgumentException("a timing card needs a run to show");
        }
        title = title == null || title.isBlank() ? defaultTitle(headline) : bounded(title.strip());
        history = history == null || history.isEmpty() ? List.of(headline) : List.copyOf(history);
        date = date == null ? LocalDate.now() : date;
        if (comparison != null && history.size() != 2) {
            throw new IllegalArgumentException("a comparison card shows exactly two runs, not " + history.size());
        }
    }

    private static String bounded(String title) {
        if (title.length() <= MAX_TITLE_CHARS) {
            return title;
        }
        int end = MAX_TITLE_CHARS - 1;
        if (Character.isHighSurrogate(title.charAt(end - 1))) {
            end--;   // never split a surrogate pair
        }
        return title.substring(0, end).stripTrailing() + "…";
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
        List<HistoryEntry> withHeadline = new ArrayList<>(history.subList(n - MAX_BARS + 1, n));
        withHeadline.add(0, headline);
        return List.copyOf(withHeadline);
    }

    /** Runs in the history that the chart leaves out. */
    public int hiddenRuns() {
        return history.size() - bars().size();
    }

    static String defaultTitle(HistoryEntry run) {
        if (run.application() != null) {
            return run.application().mainClass() + ": where its carriers were held";
        }
        String lock = run.summary().lock();
        try {
            return LockMode.fromCliName(lock).title();
        } catch (IllegalArgumentException unknownMode) {
            return "Scenario " + lock;
        }
    }
}
