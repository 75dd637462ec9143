package loomscope.ui.savedruns;

import java.nio.file.Path;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import loomscope.savedrun.SavedRun;
import loomscope.savedrun.SavedRunException;

/**
 * Reads and writes saved runs off the FX thread and hands the outcome back in {@link #pulse()}, once per frame
 * on the FX thread: never a {@code Platform.runLater}, never a thread started on the FX thread.
 */
public final class RunFileReader {
    private final Executor files;
    private final Queue<Runnable> done = new ConcurrentLinkedQueue<>();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);

    public RunFileReader(Executor files) {
        this.files = files;
    }

    /** Work on a file that ends in an FX-side step; false (nothing happens) while the last one is still going. */
    public interface FileWork {
        /** Runs on a file thread; returns what to do on the FX thread. */
        Runnable run() throws SavedRunException;
    }

    public boolean submit(FileWork work, Consumer<String> onProblem, String problemPrefix) {
        if (busy.get()) {
            onProblem.accept("Still busy with the last file; try again in a moment.");
            return false;
        }
        busy.set(true);
        files.execute(() -> {
            Runnable result;
            try {
                result = work.run();
            } catch (SavedRunException e) {
                result = () -> onProblem.accept(problemPrefix + e.getMessage());
            } catch (RuntimeException | OutOfMemoryError e) {
                result = () -> onProblem.accept(problemPrefix + e);
            }
            Runnable show = result;
            done.add(() -> {
                busy.set(false);
                show.run();
            });
        });
        return true;
    }

    /** Reads {@code file}; {@code onRead} gets it on the FX thread, {@code onProblem} the one-line reason. */
    public boolean read(Path file, Consumer<SavedRun> onRead, Consumer<String> onProblem) {
        return submit(() -> {
            SavedRun run = SavedRun.read(file);
            return () -> onRead.accept(run);
        }, onProblem, "Could not open ");
    }

    /** Once per frame on the FX thread: takes up what the file threads finished. */
    public void pulse() {
        Runnable r;
        while ((r = done.poll()) != null) {
            r.run();
        }
    }

    public ReadOnlyBooleanProperty busyProperty() { return busy.getReadOnlyProperty(); }
}
