package loomscope.ui.mainwindow;

import java.util.List;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.report.TimeText;
import loomscope.scenario.Scenarios;
import loomscope.taskfile.TaskFileCompiler;
import loomscope.workload.WorkloadConfig;
import loomscope.ui.run.StartFailure;
/** The window's three lines of words: the status, the error, and the note that changed settings wait for the next run. */
public final class RunMessages {
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("Ready. Press Run (Ctrl+R).");
    private final ReadOnlyStringWrapper errorMessage = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper nextRunNote = new ReadOnlyStringWrapper("");

    static String describe(WorkloadConfig c) {
        return c == null ? "the run" : String.format("%s, P=%d, N=%,d", what(c), c.parallelism(), c.threads());
    }

    /** What runs, in a few words, as its scenario says it: "object-wait wait-ms=100"; the seed's lock mode alone. */
    public static String what(WorkloadConfig c) {
        return Scenarios.of(c).briefText(Scenarios.params(c));
    }

    void alreadyRunning() {
        message.set("A run is going: press Stop (Esc) first.");
    }

    void badInputs(String why) {
        errorMessage.set(why);
    }

    void starting(WorkloadConfig config, RunTarget where) {
        errorMessage.set("");
        message.set("Starting " + describe(config) + (where.startsAJvm() ? " on " + where.label() : "") + " ...");
    }

    void stopping() {
        message.set("Stopping ...");
    }

    /** Your code did not compile: the first problem here, all of them at their lines in the editor. */
    void doesNotCompile(List<TaskFileCompiler.Problem> problems) {
        TaskFileCompiler.Problem first = problems.isEmpty() ? null : problems.get(0);
        errorMessage.set(first == null ? "Your code does not compile."
                : (first.line() > 0 ? "Line " + first.line() + ":" + first.column() + ": " : "Your code ") + first.message()
                + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
        message.set("Not run: your code does not compile (marked in the code pane).");
    }

    void couldNotStart(WorkloadConfig config, StartFailure failure) {
        errorMessage.set(failure.reason());
        message.set("Could not start " + describe(config) + ".");
    }

    void running(WorkloadConfig config, RunTarget where, RunRecording r) {
        message.set("Running " + describe(config) + " on Java " + r.jdkVersion()
                + (where.jvmArgs().isEmpty() ? "" : " " + String.join(" ", where.jvmArgs()))
                + " ...");
    }

    /** The child never got to run (bad JDK, crash at start): nothing recorded. */
    void couldNotRun(WorkloadConfig config, RunTarget where, RunOutcome outcome) {
        errorMessage.set(outcome.describe());
        message.set("Could not run " + describe(config) + " on " + where.label() + ".");
    }

    void ended(RunOutcome outcome, RunRecording r, RunSummary summary) {
        if (outcome.isError()) {
            errorMessage.set("The run on Java " + r.jdkVersion() + " went wrong: " + outcome.describe()
                    + String.format(" (kept what was recorded: %,d of %,d tasks)", summary.completed(), summary.threads()));
        }
        message.set(summary.cancelled()
                ? String.format("Stopped: %,d of %,d tasks completed.", summary.completed(), summary.threads())
                : String.format("All %,d tasks completed.", summary.completed()));
    }

    void opened(String fileName, RunSummary summary) {
        errorMessage.set("");
        fileName = fileName.length() <= 48 ? fileName : fileName.substring(0, 47) + "…";
        message.set(String.format("Opened %s: %,d threads on Java %s, %s%s.", fileName, summary.threads(),
                summary.jdkVersion(), summary.cancelled() ? "stopped after " : "",
                TimeText.seconds(summary.wallMillis())));
    }

    /** After an input changed: the note, and an input error that is fixed is no error any more (between runs). */
    void inputsChanged(WorkloadConfig next, boolean active, WorkloadConfig running) {
        stateChanged(next, active, running);
        if (next != null && !active) {
            errorMessage.set("");
        }
    }

    /**
     * After the run's state changed: whether the run going now keeps other settings than the inputs show. The
     * error line stays: it may say why the run that just ended went wrong.
     */
    void stateChanged(WorkloadConfig next, boolean active, WorkloadConfig running) {
        nextRunNote.set(active && next != null && !next.equals(running) ? "Changed settings take effect on the next run." : "");
    }

    /** Shows {@code text} on the status line while no run is going (a run's own messages replace it). */
    void note(String text, boolean active) {
        if (!active) {
            message.set(text);
        }
    }

    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }

    public ReadOnlyStringProperty errorMessageProperty() { return errorMessage.getReadOnlyProperty(); }

    public ReadOnlyStringProperty nextRunNoteProperty() { return nextRunNote.getReadOnlyProperty(); }
}
