package loomscope.report;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

import loomscope.jdks.LegacyLocking;
import loomscope.recording.RunSource;
import loomscope.recording.RunSummary;
import loomscope.workload.LockMode;

/**
 * One finished run as the history keeps it.
 *
 * @param finishedAt when the run ended; null when unknown (a summary read back from JSON without a time)
 * @param jvmFlags the flags the run's JVM was started with (legacy locking), empty for a plain JVM; a summary
 *                 does not know them, and without them a legacy-locking run on JDK 25 would read as if JEP 491
 *                 had failed
 * @param carriersLowered the run's carriers ran at the lowest OS priority so that the window could keep drawing
 *                 (the window does that when P is at least its cores): its time is longer than the CLI's, and a
 *                 P = 2 run on 2 cores can look no faster than P = 1. Marked with {@link #LOWERED_MARK}.
 * @param unsureMounts mounts the carriers' clocks could not judge ({@link RunSummary#unsureMounts}), counted beside the
 *                 pinned ones; 0 where not known (a runs file written
 *                 before it kept them)
 * @param application an attached application's session ({@link ApplicationRun}): its card tells the application, not
 *                 tasks; null for a run of ours
 * @param held     its captured and stalled mounts and its sites, as the JDK's witnesses classed them; null where not
 *                 known (a runs file written before they were kept)
 * @param source   where the run came from, as the exports name it ({@code recording.RunSource#exportName}:
 *                 {@code scenario}, {@code child}, {@code task-file}, {@code application}); null where not known (a
 *                 runs file written before it was kept, a CLI run's summary)
 */
public record HistoryEntry(RunSummary summary, Instant finishedAt, List<String> jvmFlags, boolean carriersLowered,
                           long unsureMounts, ApplicationRun application, HeldCauses held, String source) {

    /** After a lowered run's time, with {@link #LOWERED_NOTE} said once wherever it appears. */
    public static final String LOWERED_MARK = "\u2020";
    public static final String LOWERED_NOTE = LOWERED_MARK
            + " carriers at lowest priority so the window could draw (P \u2265 cores): slower than the CLI";
    /** " †" after the time of a lowered run, "" after any other. */
    public static String loweredSuffix(boolean carriersLowered) {
        return carriersLowered ? " " + LOWERED_MARK : "";
    }

    /** {@link #LOWERED_NOTE} short enough for a card's chart at a projector's text size. */
    public static final String LOWERED_NOTE_SHORT = LOWERED_MARK + " carriers at lowest priority: slower than the CLI";

    public HistoryEntry {
        if (summary == null) {
            throw new IllegalArgumentException("a history entry needs the run's summary");
        }
        jvmFlags = jvmFlags == null ? List.of() : List.copyOf(jvmFlags);
        unsureMounts = Math.max(0, unsureMounts);
    }

    public HistoryEntry(RunSummary summary, Instant finishedAt, List<String> jvmFlags, boolean carriersLowered,
                        long unsureMounts, ApplicationRun application, HeldCauses held) {
        this(summary, finishedAt, jvmFlags, carriersLowered, unsureMounts, application, held, null);
    }

    public HistoryEntry(RunSummary summary, Instant finishedAt, List<String> jvmFlags, boolean carriersLowered,
                        long unsureMounts, ApplicationRun application) {
        this(summary, finishedAt, jvmFlags, carriersLowered, unsureMounts, application, null);
    }

    public HistoryEntry(RunSummary summary, Instant finishedAt, List<String> jvmFlags, boolean carriersLowered,
                        long unsureMounts) {
        this(summary, finishedAt, jvmFlags, carriersLowered, unsureMounts, null);
    }

    public HistoryEntry(RunSummary summary, Instant finishedAt, List<String> jvmFlags, boolean carriersLowered) {
        this(summary, finishedAt, jvmFlags, carriersLowered, 0);
    }

    /** This run with its count of unsure mounts (from its recording). */
    public HistoryEntry withUnsureMounts(long unsure) {
        return new HistoryEntry(summary, finishedAt, jvmFlags, carriersLowered, unsure, application, held, source);
    }

    /** This run as an attached application's session ({@code application} null: a run of ours). */
    public HistoryEntry withApplication(ApplicationRun application) {
        return new HistoryEntry(summary, finishedAt, jvmFlags, carriersLowered, unsureMounts, application, held, source);
    }

    /** This run with where it came from ({@code source} null: not known). */
    public HistoryEntry withSource(RunSource source) {
        return withSourceName(source == null ? null : source.exportName());
    }

    /** As {@link #withSource}, by the name the exports give it. */
    public HistoryEntry withSourceName(String name) {
        return new HistoryEntry(summary, finishedAt, jvmFlags, carriersLowered, unsureMounts, application, held, name);
    }

    /** Where the run came from as the exports name it: an application's always; else as kept, or null. */
    public String sourceName() {
        return application != null ? APPLICATION : source;
    }

    /** The export name of an application's run. */
    public static final String APPLICATION = "application";

    /**
     * A file name's words for the run: the application's main class (its short name), else the lock (or scenario).
     */
    public String fileWords() {
        return application != null ? application.shortName() : summary.lock();
    }

    /** This run with its captured and stalled mounts and its sites ({@code held} null: not known). */
    public HistoryEntry withHeld(HeldCauses held) {
        return new HistoryEntry(summary, finishedAt, jvmFlags, carriersLowered, unsureMounts, application, held, source);
    }

    /**
     * What follows a pinned-mount count wherever one is shown: " (3 unsure)" for a run with mounts the carriers'
     * clocks could not judge, else "": an unsure mount is never silently counted as not pinned.
     */
    public static String unsureSuffix(long unsure) {
        return unsure > 0 ? String.format(Locale.ROOT, " (%,d unsure)", unsure) : "";
    }

    /** A run whose carriers kept their priority (the CLI's, a child JVM's, or the window's below P = cores). */
    public HistoryEntry(RunSummary summary, Instant finishedAt, List<String> jvmFlags) {
        this(summary, finishedAt, jvmFlags, false);
    }

    /** A run on a JVM started without special flags (this JVM, or a plain child). */
    public HistoryEntry(RunSummary summary, Instant finishedAt) {
        this(summary, finishedAt, List.of());
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

    /** "JDK 25", or "JDK 25 + legacy locking" when the run's JVM had {@code -XX:LockingMode=1}. */
    public String jdkName() {
        return jdkName(summary.jdkVersion(), jvmFlags);
    }

    /** "JDK 21", "JDK 25 + legacy locking", "JDK 25 -Xint": the feature release plus what its flags change. */
    public static String jdkName(String jdkVersion, List<String> jvmFlags) {
        return "JDK " + TimeText.jdkFeature(jdkVersion) + flagsSuffix(jvmFlags);
    }

    /** "25.0.3 + legacy locking": the card's JDK row. */
    public String jdkDetail() {
        return TimeText.jdk(summary.jdkVersion()) + flagsSuffix(jvmFlags);
    }

    /** "legacy locking (-XX:LockingMode=1)", other flags as they were given, "" for none: a table cell. */
    public String jvmFlagsText() {
        if (jvmFlags.isEmpty()) {
            return "";
        }
        String flags = String.join(" ", jvmFlags);
        return jvmFlags.equals(List.of(LegacyLocking.FLAG)) ? "legacy locking (" + flags + ")" : flags;
    }

    private static String flagsSuffix(List<String> jvmFlags) {
        if (jvmFlags == null || jvmFlags.isEmpty()) {
            return "";
        }
        return jvmFlags.equals(List.of(LegacyLocking.FLAG)) ? " + legacy locking" : " " + String.join(" ", jvmFlags);
    }

    /** "JDK 25 · synchronized · P1 · N 5,000" (or "JDK 25 + legacy locking · …"): enough to tell the bars apart. */
    public String shortLabel() {
        RunSummary s = summary;
        String kind = "platform".equals(s.threadKind()) ? " platform" : "";
        // the seeds' 5 ms goes without saying; any other sleep changes the story and is named
        // ... and a scenario without such a sleep (your code's task: 0) has none to name
        String sleep = s.sleepMillis() == 5 || s.sleepMillis() == 0 && !isLockMode(s.lock()) ? ""
                : " · sleep " + TimeText.count(s.sleepMillis()) + " ms";
        return jdkName() + " · " + s.lock() + " · P" + s.parallelism()
                + " · N " + TimeText.count(s.threads()) + kind + sleep + (s.cancelled() ? " · STOPPED" : "");
    }

    /**
     * A whole run's word on pinning, for its bar in the history: not a mount's word
     * ({@link loomscope.recording.MountClass}), nor a thread's ({@link loomscope.recording.VtState}). It is derived
     * from the run's pinned mounts ({@link #pinning()}) by a threshold, so a run of {@link #NOT_PINNED} may hold a
     * pinned mount ({@link #hasStrayPins()}); and a run whose mounts were not recorded has a word here, where a mount
     * has none.
     */
    public enum Pinning {
        /** At least 1% of its threads pinned a carrier. */
        PINNED("pinned carriers"),
        /** Fewer than 1% of its threads pinned one: maybe none. */
        NOT_PINNED("no pinning"),
        /** Its mounts were not recorded (a platform thread, the default scheduler): nothing to say. */
        NOT_RECORDED("pinning not recorded");

        private final String legend;

        Pinning(String legend) {
            this.legend = legend;
        }

        public String legend() {
            return legend;
        }
    }

    /** Whether {@code name} is one of the seed's lock modes: a seed run's summary names its lock mode, another scenario's run names the scenario there. */
    static boolean isLockMode(String name) {
        try {
            LockMode.fromCliName(name);
            return true;
        } catch (IllegalArgumentException notALock) {
            return false;
        }
    }
}
