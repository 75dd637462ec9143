package loomscope.ui.savedruns;

import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import loomscope.savedrun.SavedRun;
import loomscope.attach.RunFiles;
import loomscope.savedrun.SavedRunException;
import loomscope.ui.job.BackgroundJob;

/**
 * Reads and writes saved runs off the FX thread, one file at a time, as a {@link BackgroundJob} whose outcome is
 * taken up in {@link #pulse()}, once per frame on the FX thread.
 */
public final class RunFileReader {
    private final BackgroundJob<Runnable> job;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private Consumer<String> onProblem = problem -> { };
    private String problemPrefix = "";

    public RunFileReader(Executor files) {
        this.job = new BackgroundJob<>(files);
    }

    /** Work on a file that ends in an FX-side step. */
    public interface FileWork {
        /** Runs on a file thread; returns what to do on the FX thread. */
        Runnable run() throws SavedRunException;
    }

    /** Starts {@code work}; false (nothing happens, {@code onProblem} hears why) while the last one is still going. */
    public boolean submit(FileWork work, Consumer<String> onProblem, String problemPrefix) {
        if (busy.get()) {
            onProblem.accept("Still busy with the last file; try again in a moment.");
            return false;
        }
        this.onProblem = onProblem;
        this.problemPrefix = problemPrefix;
        busy.set(true);
        job.start(steps -> {
            try {
                return work.run();
            } catch (SavedRunException e) {
                return () -> onProblem.accept(problemPrefix + e.getMessage());
            }
        });
        return true;
    }

    /** Reads {@code file}; {@code onRead} gets it on the FX thread, {@code onProblem} the one-line reason. */
    public boolean read(Path file, Consumer<SavedRun> onRead, Consumer<String> onProblem) {
        return submit(() -> {
            SavedRun run = RunFiles.read(file);
            return () -> onRead.accept(run);
        }, onProblem, "Could not open ");
    }

    /** Once per frame on the FX thread: takes up what the file job finished. */
    public void pulse() {
        switch (job.pulse()) {
            case BackgroundJob.Outcome.Done<Runnable> done -> {
                busy.set(false);
                done.value().run();
            }
            // a runtime failure or an OutOfMemoryError reading a huge file: one line, the window goes on
            case BackgroundJob.Outcome.Failed<Runnable> failed -> {
                busy.set(false);
                onProblem.accept(problemPrefix + failed.error());
            }
            case null -> { }
        }
    }

    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
}
