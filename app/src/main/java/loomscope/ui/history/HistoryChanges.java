package loomscope.ui.history;

import java.util.ArrayList;
import java.util.List;

import javafx.collections.ListChangeListener;

/**
 * Tells the history's new runs from rows made again in place ({@link ClassedRow}: the same run, classed by the JDK's
 * witnesses after its end). A listener that counts runs, logs them or starts the next one reads only {@link #newRuns}.
 */
public final class HistoryChanges {
    private HistoryChanges() { }

    /** The rows {@code change} added that are runs not in the history before; call it in place of the change's loop. */
    public static List<HistoryRow> newRuns(ListChangeListener.Change<? extends HistoryRow> change) {
        List<HistoryRow> added = new ArrayList<>();
        while (change.next()) {
            if (change.wasAdded() && !change.wasReplaced()) {
                added.addAll(change.getAddedSubList());
            }
        }
        return added;
    }

    /** Whether {@code change} made any row again in place (its counts, not a new run). */
    public static boolean madeAgain(ListChangeListener.Change<? extends HistoryRow> change) {
        boolean replaced = false;
        while (change.next()) {
            replaced |= change.wasReplaced();
        }
        change.reset();
        return replaced;
    }
}
