package loomscope.ui.savedruns;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;
import loomscope.savedrun.RunInfo;
import loomscope.savedrun.SavedRun;
import loomscope.savedrun.SavedRunSize;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.run.RunState;

/**
 * Save and open for the main window: the last run to a {@code .loomrun} file, and a file back into the window as
 * the last run. Reading and writing happen on the executor's threads; their results are taken up in
 * {@link #pulse()}, on the FX thread, once per frame. A file that cannot be opened changes nothing on screen but
 * the error line. No toolkit call: tested without a window.
 */
public final class SavedRunsViewModel {
    private final RunWindow main;
    private final RunFileReader files;
    private final ReadOnlyBooleanWrapper canSave = new ReadOnlyBooleanWrapper(false);
    private Supplier<List<PinnedEvent>> liveEvents = List::of;
    /** The run last opened, while it is the one on show: saving it again keeps its JFR events. */
    private SavedRun opened;

    public SavedRunsViewModel(RunWindow main, Executor files) {
        this.main = main;
        this.files = new RunFileReader(files);
        main.recordingProperty().addListener((o, was, now) -> updateCanSave());
        main.stateProperty().addListener((o, was, now) -> updateCanSave());
        updateCanSave();
    }

    /** Where the JFR pinned events of the run on show come from (the probes), for saving them with it. */
    public void setLiveEvents(Supplier<List<PinnedEvent>> events) {
        this.liveEvents = events == null ? List::of : events;
    }

    private void updateCanSave() {
        RunRecording r = main.recordingProperty().get();
        canSave.set(r != null && r.isFinished() && main.state() == RunState.FINISHED);
    }

    /** Whether there is an ended run on show to save. */
    public ReadOnlyBooleanProperty canSaveProperty() { return canSave.getReadOnlyProperty(); }

    /** A file is being read or written. */
    public ReadOnlyBooleanProperty busyProperty() { return files.busyProperty(); }

    /** Saves the run on show to {@code file}; {@code replace}: a save dialog asked about an existing file. */
    public void save(Path file, boolean replace) {
        RunRecording recording = main.recordingProperty().get();
        if (!canSave.get() || recording == null || file == null) {
            main.reportProblem("Nothing to save yet: run something first (Ctrl+R), or wait until the run has ended.");
            return;
        }
        HistoryRow row = main.lastRow();
        List<String> flags = row == null ? List.of() : row.jvmFlags();
        boolean lowered = row != null && row.carriersLowered();
        SavedRun openedNow = opened != null && opened.recording() == recording ? opened : null;
        List<PinnedEvent> events = openedNow != null ? openedNow.pinnedEvents() : List.copyOf(liveEvents.get());
        RunInfo info = openedNow != null ? openedNow.info() : RunInfo.ofThisHost(flags, lowered);
        files.submit(() -> {
            SavedRunSize size = new SavedRun(recording, info, events).write(file, replace);
            return () -> main.showNote(String.format(Locale.ROOT, "Saved %s (%,d bytes, %,d mounts).",
                    shortName(file), size.bytes(), size.mounts()));
        }, main::reportProblem, "Not saved: ");
    }

    /** Opens {@code file} and shows it as the last run; refused while a run goes (it keeps the window). */
    public void open(Path file) {
        if (main.state().isActive()) {
            main.reportProblem("Stop the run first (Esc): a run is going, opening " + shortName(file) + " would hide it.");
            return;
        }
        long asked = System.nanoTime();
        files.read(file, run -> {
            if (show(run, file)) {
                main.showNote(main.messageProperty().get() + String.format(Locale.ROOT, " (read in %.1f s)",
                        (System.nanoTime() - asked) / 1e9));
            }
        }, main::reportProblem);
    }

    /** A file's name as a status line can hold it. */
    static String shortName(Path file) {
        String name = String.valueOf(file.getFileName());
        return name.length() <= 48 ? name : name.substring(0, 47) + "…";
    }

    /** Several files dropped at once: one run is shown at a time. */
    public void openMany(int count) {
        main.reportProblem("Drop one saved run at a time (" + count + " files were dropped).");
    }

    /** Shows a run already read (the window's --open); false while a run goes. */
    public boolean show(SavedRun run, Path file) {
        if (main.showOpened(run.recording(), run.info().jvmFlags(), run.info().carriersLowered(),
                run.named(file.getFileName().toString()))) {
            opened = run;
            return true;
        }
        return false;
    }

    /** Once per frame on the FX thread: takes up what the file threads finished. */
    public void pulse() {
        files.pulse();
    }

    /** The run last opened, or null. */
    public SavedRun opened() { return opened; }
}
