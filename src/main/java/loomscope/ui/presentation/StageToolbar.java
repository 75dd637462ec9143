package loomscope.ui.presentation;

import java.io.File;
import java.nio.file.Files;

import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.stage.DirectoryChooser;
import loomscope.ui.export.ExportController;
import loomscope.ui.talktrack.ChapterNavigator;

/** The stage's buttons in the window's toolbar: chapter, present, export, history, folder, notes, keys. */
public final class StageToolbar extends HBox {

    public StageToolbar(ChapterNavigator chapters, PresentationMode presentation, ExportController export,
                 Runnable toggleNotes, ShortcutsOverlay overlay) {
        getStyleClass().add("chapter-strip");
        Button previous = button("◀", "Previous chapter (← or PageUp)", chapters::previous);
        Button next = button("▶", "Next chapter (→ or PageDown)", chapters::next);
        Label chapter = new Label();
        chapter.setId("chapter-strip-title");
        chapter.getStyleClass().add("chapter-strip-title");
        chapter.setMinWidth(120);
        // a long title is cut with "…" (the whole of it in the tooltip), never pushing the buttons off the window
        chapter.setMaxWidth(260);
        Tooltip whole = new Tooltip();
        whole.textProperty().bind(chapter.textProperty());
        chapter.setTooltip(whole);
        chapters.setupProperty().addListener((o, was, now) -> chapter.setText(chapters.heading()));
        chapter.setText(chapters.heading());

        Button present = button("Present", "Presentation mode: full screen, large type (P or F5; Esc leaves)", presentation::enter);
        present.setId("present-button");
        Button card = button("Export card", "Timing card (1920x1080 and 1280x720), window PNG and history (S)", export::exportAll);
        card.setId("export-button");
        Button history = button("History CSV/MD", "The run history as CSV and as a Markdown table", export::exportHistory);
        history.setId("export-history-button");
        Button folder = button("Folder…", "", () -> chooseFolder(export));
        folder.setId("export-folder-button");
        folder.getTooltip().textProperty().bind(export.folderProperty().asString("Exports go to %s"));
        Button notes = button("Notes", "Speaker notes window (N)", toggleNotes);
        Button keys = button("?", "All keys (?)", overlay::toggle);
        getChildren().addAll(previous, chapter, next, present, card, history, folder, notes, keys);
    }

    /** "Animated replay…" after "Export card": a clip of the run on show (Shift+S). */
    public void addAnimatedExport(Runnable show) {
        Button clip = button("Animated replay…", "The run on show as an animated GIF, MP4 or WebM (Shift+S)", show);
        clip.setId("export-animated-button");
        getChildren().add(getChildren().indexOf(lookup("#export-button")) + 1, clip);
    }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        // Space must reach the stage keys (run/stop), not press whichever button last had focus
        b.setFocusTraversable(false);
        return b;
    }

    private void chooseFolder(ExportController export) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Where LoomScope exports go");
        File current = export.folderProperty().get().toFile();
        // the chooser refuses a start folder that does not exist (yet); the folder is made on first export
        if (Files.isDirectory(current.toPath())) {
            chooser.setInitialDirectory(current);
        }
        File chosen = chooser.showDialog(getScene() == null ? null : getScene().getWindow());
        if (chosen != null) {
            export.folderProperty().set(chosen.toPath());
        }
    }
}
