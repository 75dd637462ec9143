package loomscope.ui.history;

import java.util.List;
import java.util.Locale;

import loomscope.jdks.LegacyLocking;
import loomscope.recording.RunSource;
import loomscope.recording.RunSummary;
import loomscope.report.ApplicationRun;
import loomscope.report.HeldCauses;
import loomscope.report.HistoryEntry;
import loomscope.scenario.Scenarios;
import loomscope.workload.WorkloadConfig;

/**
 * One finished run as the history table and chart show it: its summary, not its recording. A recording of
 * 100,000 threads holds 7-14 MB; the window keeps only the one it shows and replays (the last run), so that a
 * session of hundreds of runs keeps a flat heap (docs/reliability.md).
 *
 * @param jvmFlags        the flags a child JVM ran with (legacy locking), empty for this JVM or a plain child
 * @param carriersLowered the window lowered the run's carriers to draw (P ≥ cores, see CpuShare): slower than the CLI
 * @param scenario        what its scenario calls the run ("object-wait"; {@code Scenario#runName}), or null where its
 *                        summary names it (the seed's lock)
 * @param unsureMounts    mounts the carriers' clocks could not judge (counted from the recording), shown beside the pins
 * @param held            its captured and stalled mounts and its sites (for the exported runs.json); null where not known
 * @param source          where the run came from ({@link RunSource}), or null where not known
 */
public record HistoryRow(int number, RunSummary summary, List<String> jvmFlags, boolean carriersLowered, String openedFrom,
                         String scenario, long unsureMounts, ApplicationRun application, HeldCauses held, RunSource source) {

    public HistoryRow {
        jvmFlags = jvmFlags == null ? List.of() : List.copyOf(jvmFlags);
        unsureMounts = Math.max(0, unsureMounts);
    }

    public HistoryRow(int number, RunSummary summary, List<String> jvmFlags, boolean carriersLowered, String openedFrom,
                      String scenario, long unsureMounts, ApplicationRun application, HeldCauses held) {
        this(number, summary, jvmFlags, carriersLowered, openedFrom, scenario, unsureMounts, application, held, null);
    }

    public HistoryRow(int number, RunSummary summary, List<String> jvmFlags, boolean carriersLowered, String openedFrom,
                      String scenario, long unsureMounts) {
        this(number, summary, jvmFlags, carriersLowered, openedFrom, scenario, unsureMounts, null, null);
    }

    /** The same row for a run from {@code source}: an application's names it, not a lock ({@link #mode()}). */
    public HistoryRow from(RunSource source) {
        return new HistoryRow(number, summary, jvmFlags, carriersLowered, openedFrom, scenario, unsureMounts, application, held,
                source);
    }

    /** The same row for an attached application's session (its card tells the application: {@link ApplicationRun}). */
    public HistoryRow withApplication(ApplicationRun app) {
        return new HistoryRow(number, summary, jvmFlags, carriersLowered, openedFrom, scenario, unsureMounts, app, held, source);
    }

    public HistoryRow(int number, RunSummary summary, List<String> jvmFlags, boolean carriersLowered, String openedFrom,
                      String scenario) {
        this(number, summary, jvmFlags, carriersLowered, openedFrom, scenario, 0);
    }

    /** The same row with the unsure mounts its recording counts ({@link RunSummary#unsureMounts}). */
    public HistoryRow withUnsureMounts(long unsure) {
        return new HistoryRow(number, summary, jvmFlags, carriersLowered, openedFrom, scenario, unsure, application, held, source);
    }

    /**
     * The same row once the JDK's witnesses classed its run's mounts (after its end): its summary and counts anew
     * ({@link #of} keeps the scenario's name).
     */
    public HistoryRow classed(RunSummary classedSummary, long unsure, HeldCauses causes) {
        return new HistoryRow(number, classedSummary, jvmFlags, carriersLowered, openedFrom, scenario, unsure, application, causes, source);
    }

    /** "12", "12 (3 unsure)", or "n/a" where mounts were not recorded: the row's pins wherever they are shown. */
    public String pinsText() {
        return pinnedMounts() < 0 ? "n/a"
                : String.format(Locale.ROOT, "%,d", pinnedMounts()) + HistoryEntry.unsureSuffix(unsureMounts);
    }

    public HistoryRow(int number, RunSummary summary, List<String> jvmFlags, boolean carriersLowered, String openedFrom) {
        this(number, summary, jvmFlags, carriersLowered, openedFrom, null);
    }

    /** The same row for a run of {@code config}: named as its scenario calls it (the seed: by its lock, as before). */
    public HistoryRow of(WorkloadConfig config) {
        return new HistoryRow(number, summary, jvmFlags, carriersLowered, openedFrom,
                Scenarios.of(config).runName(Scenarios.params(config)), unsureMounts, application, held, source);
    }

    public HistoryRow(int number, RunSummary summary, List<String> jvmFlags, boolean carriersLowered) {
        this(number, summary, jvmFlags, carriersLowered, null);
    }

    public HistoryRow(int number, RunSummary summary) {
        this(number, summary, List.of(), false);
    }

    /** A run read from a saved file rather than run in this window. */
    public boolean opened() { return openedFrom != null; }

    /** The Java version that really ran (the child's own, for a child run). */
    public String jdk() { return summary.jdkVersion(); }

    /** For the table: "25.0.3", or "25.0.3 legacy" when it ran with legacy locking (which pins like JDK 21). */
    public String jvm() {
        String version = jdk().split("\\+")[0];
        if (jvmFlags.isEmpty()) {
            return version;
        }
        return version + (jvmFlags.equals(List.of(LegacyLocking.FLAG)) ? " legacy" : " " + String.join(" ", jvmFlags));
    }

    /** The application's main class (its source says it), the seed's lock mode, or the scenario that ran. */
    public String mode() {
        String app = source == null ? null : source.mainClass();
        return app != null ? app : scenario != null ? scenario : summary.lock();
    }

    public int parallelism() { return summary.parallelism(); }

    public int threads() { return summary.threads(); }

    public double seconds() { return summary.wallMillis() / 1000; }

    /** -1 when mounts were not recorded. */
    public long pinnedMounts() { return summary.pinnedMounts(); }

    public boolean cancelled() { return summary.cancelled(); }

    /** Short two-line name for a chart bar ("#3" over "sync P1"): long names get rotated and eat the chart. */
    public String label() {
        String app = source == null ? null : source.shortName();
        return "#" + number + (opened() ? " opened" : "") + (cancelled() ? " stopped" : "") + (carriersLowered ? HistoryEntry.LOWERED_MARK : "") + "\n"
                + (app != null ? app : shortMode() + " P" + parallelism());
    }

    private String shortMode() {
        return switch (mode()) {
            case "shared-synchronized" -> "shared";
            case "synchronized" -> "sync";
            case "reentrant-lock" -> "lock";
            case "native-frame" -> "native";
            case "object-wait" -> "wait";
            case "class-init" -> "clinit";
            case "class-loader" -> "loader";
            case "cart-service" -> "cart";
            case "producer-consumer" -> "prod-cons";
            case "platform-vs-virtual" -> "plat-virt";
            default -> mode();
        };
    }

    /** How many times slower this run was than {@code other}. */
    public double ratioTo(HistoryRow other) {
        return other.seconds() > 0 ? seconds() / other.seconds() : Double.NaN;
    }
}
