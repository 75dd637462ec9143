package loomscope.ui.savedruns;

import java.util.List;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import loomscope.recording.RunRecording;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.run.RunState;

/**
 * The window runs are saved from and opened into, as {@link SavedRunsViewModel} sees it: the run on show and its
 * history row, the status line, and a way to show an opened run. The main window's model is one; saving and opening
 * know it only through this.
 */
public interface RunWindow {
    ReadOnlyObjectProperty<RunRecording> recordingProperty();

    ReadOnlyObjectProperty<RunState> stateProperty();

    default RunState state() { return stateProperty().get(); }

    /** The history row of the run on show (its flags and whether its carriers were lowered), or null before any. */
    HistoryRow lastRow();

    /** The status line's text now. */
    ReadOnlyStringProperty messageProperty();

    /** Shows {@code text} on the status line while no run is going. */
    void showNote(String text);

    /** Shows a problem on the error line. */
    void reportProblem(String text);

    /**
     * Shows a run read from a file as the last run, marked as opened from {@code fileName}; false, and nothing
     * changes, while a run is starting or going.
     */
    boolean showOpened(RunRecording recording, List<String> jvmFlags, boolean carriersLowered, String fileName);
}
