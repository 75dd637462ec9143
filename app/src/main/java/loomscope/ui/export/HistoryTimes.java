package loomscope.ui.export;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import loomscope.report.HistoryEntry;
import loomscope.ui.history.HistoryRow;

/**
 * The window's run history in the report's terms: each row plus the moment it appeared (a run is added
 * to the history the pulse it finishes, so that moment is its end, to a frame).
 */
public final class HistoryTimes {
    private final ObservableList<HistoryRow> rows;
    private final Map<Integer, Instant> finished = new HashMap<>();

    public HistoryTimes(ObservableList<HistoryRow> rows) {
        this.rows = rows;
        for (HistoryRow row : rows) {
            finished.put(row.number(), null);
        }
        rows.addListener((ListChangeListener<HistoryRow>) change -> {
            Instant now = Instant.now();
            while (change.next()) {
                for (HistoryRow added : change.getAddedSubList()) {
                    finished.putIfAbsent(added.number(), now);
                }
            }
        });
    }

    /** A copy, oldest first; call on the FX thread, use anywhere. */
    List<HistoryEntry> entries() {
        List<HistoryEntry> entries = new ArrayList<>(rows.size());
        for (HistoryRow row : rows) {
            entries.add(new HistoryEntry(row.summary(), finished.get(row.number()), row.jvmFlags(), row.carriersLowered(),
                    row.unsureMounts(), row.application(), row.held()).withSource(row.source()));
        }
        return entries;
    }
}
