package loomscope.scenario;

import java.util.List;
import java.util.Map;

import loomscope.workload.ThreadKind;

/**
 * A write-up's own table of figures, as {@code bench --scenario} runs it beside ours: its row header, the unit of its
 * figures ("s", or a rate such as "tasks/s"), a note on where the figures come from, and its rows. The figures are
 * the write-up's, from its machine and JDK; ours come from the runs.
 *
 * @param unit "s" where the figures are times; else the unit of {@link Scenario#rate}
 */
public record PublishedTable(String rowHeader, String unit, String note, List<Row> rows) {

    public PublishedTable {
        rows = List.copyOf(rows);
    }

    /**
     * One row: the run it stands for and the write-up's figure for it.
     *
     * @param threads N for the run; null: the scenario's default
     * @param params  the parameters this row sets over the table's base ones (empty: none)
     */
    public record Row(String label, Integer threads, ThreadKind kind, Map<String, String> params, double figure) {
        public Row {
            params = Map.copyOf(params);
        }

        /** A row at {@code threads} threads with the base parameters. */
        static Row at(String label, int threads, ThreadKind kind, double figure) {
            return new Row(label, threads, kind, Map.of(), figure);
        }
    }
}
