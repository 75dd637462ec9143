package loomscope.ui.history;

import java.util.List;
import java.util.concurrent.Executor;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.ApplicationRun;

/**
 * The main window's history of runs: a numbered row for each run that recorded something and for each run opened from
 * a file, the newest one's summary (the timing panel shows it), and the newest row kept true to its run when its
 * mounts are classed after its end ({@link ClassedRow}). The FX thread's; no toolkit call: plain JUnit runs it.
 */
public final class RunHistory {
    private final ObservableList<HistoryRow> rows = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<RunSummary> lastSummary = new ReadOnlyObjectWrapper<>();
    private final ClassedRow classedRow;
    private int runNumber;

    /** @param work where a run's mounts are walked when they are classed anew */
    public RunHistory(Executor work) {
        this.classedRow = new ClassedRow(work, rows, lastSummary::set);
    }

    /** A run of the window ended, having recorded something: its row, with the JVM flags it ran with. */
    public void ran(RunRecording recording, RunSummary summary, List<String> jvmArgs, boolean carriersLowered) {
        lastSummary.set(summary);
        rows.add(new HistoryRow(++runNumber, summary, jvmArgs, carriersLowered)
                .of(recording.config()).withUnsureMounts(RunSummary.unsureMounts(recording))
                .from(recording.source()));
        classedRow.watch(runNumber, recording);
    }

    /**
     * A run opened from a file: its row, marked as opened. An attached application's session (the attach window's
     * detach, its saved file) gets an application's card.
     */
    public void opened(RunRecording recording, RunSummary summary, List<String> jvmFlags, boolean carriersLowered,
            String fileName) {
        lastSummary.set(summary);
        rows.add(new HistoryRow(++runNumber, summary, jvmFlags, carriersLowered, fileName).of(recording.config())
                .withUnsureMounts(RunSummary.unsureMounts(recording)).withApplication(ApplicationRun.of(recording))
                .from(recording.source()));
        classedRow.watch(runNumber, recording);
    }

    /** Once per pulse, on the FX thread: the newest row made again if its run was classed anew. */
    public void pulse() {
        classedRow.pulse();
    }

    /** The rows, oldest first. */
    public ObservableList<HistoryRow> rows() { return rows; }

    /** The newest row's summary, as classed last; null before any. */
    public ReadOnlyObjectProperty<RunSummary> lastSummaryProperty() { return lastSummary.getReadOnlyProperty(); }

    /** The newest row (the run on show: its flags and lowering, for saving it); null before any. */
    public HistoryRow lastRow() {
        return rows.isEmpty() ? null : rows.get(rows.size() - 1);
    }

    /** Whether the carriers of the run whose summary is the newest were lowered (its time is then not the CLI's). */
    public boolean lastRunLoweredCarriers() {
        HistoryRow last = lastRow();
        return last != null && last.summary() == lastSummary.get() && last.carriersLowered();
    }
}
