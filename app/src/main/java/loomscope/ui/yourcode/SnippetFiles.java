package loomscope.ui.yourcode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executor;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.taskfile.SnippetFolder;
import loomscope.taskfile.StarterSnippets;
import loomscope.ui.job.BackgroundJob;

/**
 * The folder of {@code .java} snippets and the file your code was opened from or saved to. Every read, list and write
 * is a {@link BackgroundJob} (the listing one, a file's read or write the other), never work on the FX thread; what
 * it found is taken up in {@link #pulse()}, once per frame. A folder or file that cannot be read says so on one line
 * and changes nothing else.
 */
public final class SnippetFiles {
    private final YourCode code;
    /** The folder's listing, and a snippet's read or write: each job's outcome is what the FX thread then sets. */
    private final BackgroundJob<Runnable> listing;
    private final BackgroundJob<Runnable> fileWork;
    /** The folder changed (or was saved into) while it was being listed: list it again once that ends. */
    private boolean listAgain;
    private final ObjectProperty<Path> folder = new SimpleObjectProperty<>();
    private final ObservableList<Path> files = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Path> file = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");

    /** @param io where the file work runs (the window's job threads; a direct executor in tests) */
    public SnippetFiles(YourCode code, Executor io) {
        this.code = code;
        this.listing = new BackgroundJob<>(io);
        this.fileWork = new BackgroundJob<>(io);
        folder.addListener((o, a, b) -> refresh());
    }

    /** Once per frame on the FX thread: what the file work finished since. */
    public void pulse() {
        takeUp(listing);
        if (listAgain && !listing.isRunning()) {
            listAgain = false;
            refresh();
        }
        takeUp(fileWork);
    }

    private void takeUp(BackgroundJob<Runnable> job) {
        switch (job.pulse()) {
            case BackgroundJob.Outcome.Done<Runnable> done -> done.value().run();
            case BackgroundJob.Outcome.Failed<Runnable> failed -> note.set("Snippet files: " + failed.error());
            case null -> { }
        }
    }

    /** Starts a read or write; false, with the note saying so, while the last one goes. */
    private boolean startFileWork(BackgroundJob.Work<Runnable> work) {
        if (fileWork.start(work)) {
            return true;
        }
        note.set("Still busy with the last file; try again in a moment.");
        return false;
    }

    public void chooseFolder(Path chosen) {
        if (chosen.equals(folder.get())) {
            refresh();
        } else {
            folder.set(chosen);
        }
    }

    /** Lists the folder again. */
    public void refresh() {
        Path dir = folder.get();
        if (dir == null) {
            files.clear();
            return;
        }
        boolean started = listing.start(steps -> {
            SnippetFolder.Listing found = SnippetFolder.list(dir);
            return () -> {
                if (dir.equals(folder.get())) {
                    files.setAll(found.files());
                    note.set(found.message());
                }
            };
        });
        listAgain |= !started;
    }

    /** Reads {@code snippet} into the editor; an unreadable or oversized one leaves the text as it is. */
    public void open(Path snippet) {
        startFileWork(steps -> {
            SnippetFolder.Read read = SnippetFolder.read(snippet);
            return () -> show(read, snippet);
        });
    }

    /**
     * A talk-track chapter's snippet: the snippet folder's file of that name, else the starter of that name; if
     * neither exists the text stays and the note says where it looked.
     */
    public void openNamed(String fileName) {
        Path dir = folder.get();
        Path inFolder = dir == null ? null : dir.resolve(fileName);
        startFileWork(steps -> {
            if (inFolder != null && Files.isRegularFile(inFolder)) {
                SnippetFolder.Read read = SnippetFolder.read(inFolder);
                return () -> show(read, inFolder);
            }
            String starter = StarterSnippets.byFileName(fileName);
            return () -> {
                if (starter == null) {
                    note.set("The chapter's snippet " + fileName + " is not in "
                            + (dir == null ? "a snippet folder (none chosen)" : dir) + " nor among the starters.");
                    return;
                }
                code.sourceProperty().set(starter);
                file.set(null);
                note.set("");
            };
        });
    }

    private void show(SnippetFolder.Read read, Path from) {
        if (read.text() == null) {
            note.set(read.message());
            return;
        }
        code.sourceProperty().set(read.text());
        file.set(from);
        note.set("");
    }

    /** Saves to the file the text came from; false when there is none (then Save as… asks where). */
    public boolean save() {
        Path target = file.get();
        if (target == null) {
            return false;
        }
        write(target);
        return true;
    }

    /** Saves to {@code target} (a save dialog asked before replacing it), which becomes the text's file. */
    public void saveAs(Path target) {
        write(target);
    }

    private void write(Path target) {
        String text = code.source();
        startFileWork(steps -> {
            String failed = SnippetFolder.save(target, text, true);
            return () -> {
                if (failed != null) {
                    note.set(failed);
                    return;
                }
                file.set(target);
                note.set("Saved " + target.getFileName() + ".");
                if (target.getParent() != null && target.getParent().equals(folder.get())) {
                    refresh();
                }
            };
        });
    }

    /** The text on show was read from {@code source} (a launch option read it): Save writes back to it. */
    public void adopt(Path source) {
        file.set(source);
    }

    /** The text no longer comes from a file (a scenario's starter replaced it). */
    public void forgetFile() {
        file.set(null);
    }

    /** Where Save as… proposes: the folder (or the home folder), named after the class. */
    public Path suggestedFile() {
        Path dir = folder.get() != null ? folder.get() : Path.of(System.getProperty("user.home"));
        return file.get() != null ? file.get() : SnippetFolder.suggestedFile(dir, code.source());
    }

    /** The snippet folder (remembered by the window). */
    public ObjectProperty<Path> folderProperty() { return folder; }

    /** Its {@code .java} files, by name. */
    public ObservableList<Path> files() { return files; }

    /** The file the text was opened from or saved to, or null. */
    public ReadOnlyObjectProperty<Path> fileProperty() { return file.getReadOnlyProperty(); }

    /** One line on the last file operation that went wrong (or a save that went right); empty otherwise. */
    public ReadOnlyStringProperty noteProperty() { return note.getReadOnlyProperty(); }
}
