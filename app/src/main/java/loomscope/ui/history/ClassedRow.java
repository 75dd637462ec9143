package loomscope.ui.history;

import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

import javafx.collections.ObservableList;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.HeldCauses;
import loomscope.ui.job.BackgroundJob;

/**
 * Keeps the newest history row true to its run. The JDK's witnesses class a run's held mounts a moment after it ends
 * (JFR delivers its last events late; docs/causes.md), which can turn a mount the clocks judged pinned into unsure or
 * captured: the row, its card and the exported runs.json must then say what the recording says. Each time the run's
 * mounts are classed anew, its summary, unsure count and causes are made again on a job thread (they walk every
 * mount) and the row is replaced in place; {@link HistoryChanges} tells a replacement from a new run.
 */
public final class ClassedRow {
    private record Classed(int number, int classedAt, RunSummary summary, long unsure, HeldCauses held) { }

    private final BackgroundJob<Classed> job;
    private final ObservableList<HistoryRow> history;
    private final Consumer<RunSummary> onLastSummary;
    private RunRecording watched;
    private int number;
    private int classedSeen;

    /**
     * @param work          where the mounts are walked
     * @param onLastSummary told the newest row's summary when it was made again (the timing panel shows it)
     */
    public ClassedRow(Executor work, ObservableList<HistoryRow> history, Consumer<RunSummary> onLastSummary) {
        this.job = new BackgroundJob<>(work);
        this.history = history;
        this.onLastSummary = onLastSummary;
    }

    /** The row numbered {@code rowNumber} was just added for {@code recording} (FX thread): its causes are counted now. */
    public void watch(int rowNumber, RunRecording recording) {
        watched = recording;
        number = rowNumber;
        classedSeen = Integer.MIN_VALUE;   // counted once whatever happened before: a child's run was classed before its end
        pulse();
    }

    /** Once per pulse, on the FX thread. */
    public void pulse() {
        if (job.pulse() instanceof BackgroundJob.Outcome.Done<Classed> done) {
            replace(done.value());
        }
        RunRecording r = watched;
        if (r == null || job.isRunning() || !r.isFinished() || r.classed() == classedSeen) {
            return;
        }
        int classedAt = r.classed();
        int rowNumber = number;
        if (job.start(steps -> new Classed(rowNumber, classedAt, RunSummary.of(r), RunSummary.unsureMounts(r), HeldCauses.of(r)))) {
            classedSeen = classedAt;
        }
    }

    private void replace(Classed c) {
        List<HistoryRow> rows = history;
        for (int i = rows.size() - 1; i >= 0; i--) {
            HistoryRow row = rows.get(i);
            if (row.number() == c.number()) {
                HistoryRow now = row.classed(c.summary(), c.unsure(), c.held());
                if (!now.equals(row)) {
                    history.set(i, now);
                    if (i == rows.size() - 1) {
                        onLastSummary.accept(c.summary());
                    }
                }
                return;
            }
        }
    }
}
