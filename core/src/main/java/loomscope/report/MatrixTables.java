package loomscope.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.matrix.MatrixCell;
import loomscope.matrix.MatrixPlan;
import loomscope.recording.MountClass;
import loomscope.recording.RunSummary;

/** The pinning matrix as text: a Markdown table (scenarios × JVMs) for a slide or a doc, and one CSV row per cell. */
public final class MatrixTables {

    private MatrixTables() { }

    /** {@code cells} in the plan's order (row by row); missing trailing cells are shown as not run. */
    public static String markdown(MatrixPlan plan, List<MatrixCell> cells) {
        StringBuilder out = new StringBuilder("| scenario ");
        plan.jvms().forEach(j -> out.append("| ").append(HistoryTables.markdownCell(MatrixPlan.columnName(j))).append(' '));
        out.append("|\n|---").append("|---".repeat(plan.jvms().size())).append("|\n");
        for (int row = 0; row < plan.scenarios().size(); row++) {
            out.append("| ").append(HistoryTables.markdownCell(plan.rowNames().get(row))).append(' ');
            for (int col = 0; col < plan.jvms().size(); col++) {
                out.append("| ").append(HistoryTables.markdownCell(text(cell(plan, cells, row * plan.jvms().size() + col)))).append(' ');
            }
            out.append("|\n");
        }
        return out.toString();
    }

    public static String csv(MatrixPlan plan, List<MatrixCell> cells) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("scenario", "jvm", "threads", "parallelism", "pinned_mounts", "mounts", "jfr_pinned_events",
                "top_pinned_reason", "wall_s", "carriers_added", "agrees_with_jfr", "note"));
        for (int i = 0; i < plan.cellCount(); i++) {
            MatrixCell c = cell(plan, cells, i);
            String threads = Integer.toString(plan.threads());
            String p = Integer.toString(plan.parallelism());
            rows.add(switch (c) {
                case MatrixCell.Measured m -> List.of(m.scenario(), m.jvm(), threads, p, Long.toString(m.pinnedMounts()),
                        Long.toString(m.mounts()), Integer.toString(m.jfrEvents()), m.topReason() == null ? "" : m.topReason(),
                        String.format(Locale.ROOT, "%.3f", m.wallMillis() / 1000), Integer.toString(m.carriersAdded()),
                        Boolean.toString(m.agreesWithJfr()), m.agreesWithJfr() ? "" : m.disagreement());
                case MatrixCell.NotRun n -> List.of(n.scenario(), n.jvm(), threads, p, "", "", "", "", "", "", "", n.why());
            });
        }
        StringBuilder out = new StringBuilder();
        rows.forEach(r -> HistoryTables.appendCsvRow(out, r));
        return out.toString();
    }

    /** One cell in words: "200/400 pinned · JFR 200 (Monitor) · 0.52 s · +1 carrier", or why there is no run. */
    public static String text(MatrixCell cell) {
        return switch (cell) {
            case MatrixCell.Measured m -> String.format(Locale.ROOT, "%s · JFR %,d%s · %s · %s%s", pinned(m), m.jfrEvents(),
                    m.topReason() == null ? "" : " (" + m.topReason() + ")", seconds(m.wallMillis()), carriers(m),
                    m.agreesWithJfr() ? "" : " · ≠ JFR: " + m.disagreement());
            case MatrixCell.NotRun n -> "— " + n.why();
        };
    }

    /** "200/400 pinned" */
    public static String pinned(MatrixCell.Measured m) {
        String pinned = String.format(Locale.ROOT, "%,d/%,d pinned", m.pinnedMounts(), m.mounts());
        long captured = m.recording() == null ? 0 : RunSummary.mountsOf(m.recording(), MountClass.CAPTURED);
        // held in a system call is not a pin: said apart, so that a slide never counts a file read as one
        return captured == 0 ? pinned : pinned + String.format(Locale.ROOT, " · %,d captured", captured);
    }

    /** "+1 carrier", "+0 carriers" */
    public static String carriers(MatrixCell.Measured m) {
        return "+" + m.carriersAdded() + (m.carriersAdded() == 1 ? " carrier" : " carriers");
    }

    /** Seconds with three digits, milliseconds under a tenth of a second: short runs are the common case here. */
    public static String seconds(double millis) {
        return millis < 100 ? String.format(Locale.ROOT, "%.0f ms", millis) : String.format(Locale.ROOT, "%.2f s", millis / 1000);
    }

    static MatrixCell cell(MatrixPlan plan, List<MatrixCell> cells, int index) {
        return index < cells.size() && cells.get(index) != null ? cells.get(index)
                : new MatrixCell.NotRun(plan.rowNames().get(index / plan.jvms().size()), MatrixPlan.columnName(plan.jvmOf(index)), MatrixCell.STOPPED);
    }
}
