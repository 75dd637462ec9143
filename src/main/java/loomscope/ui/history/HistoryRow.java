package loomscope.ui.history;

import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;

/** One finished run as the history table and chart show it; keeps its recording for replay and compare. */
public record HistoryRow(int number, RunSummary summary, RunRecording recording) {

    public String jdk() { return summary.jdkVersion(); }

    public String mode() { return summary.lock(); }

    public int parallelism() { return summary.parallelism(); }

    public int threads() { return summary.threads(); }

    public double seconds() { return summary.wallMillis() / 1000; }

    /** -1 when mounts were not recorded. */
    public long pinnedMounts() { return summary.pinnedMounts(); }

    public boolean cancelled() { return summary.cancelled(); }

    /** Short two-line name for a chart bar ("#3" over "sync P1"): long names get rotated and eat the chart. */
    public String label() {
        return "#" + number + (cancelled() ? "*" : "") + "\n" + shortMode() + " P" + parallelism();
    }

    private String shortMode() {
        return switch (mode()) {
            case "shared-synchronized" -> "shared";
            case "synchronized" -> "sync";
            case "reentrant-lock" -> "lock";
            case "native-frame" -> "native";
            default -> mode();
        };
    }

    /** How many times slower this run was than {@code other}. */
    public double ratioTo(HistoryRow other) {
        return other.seconds() > 0 ? seconds() / other.seconds() : Double.NaN;
    }
}
