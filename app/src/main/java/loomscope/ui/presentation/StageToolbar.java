package loomscope.ui.presentation;

import java.io.File;
import java.nio.file.Files;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitMenuButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.stage.DirectoryChooser;
import loomscope.ui.talktrack.ChapterNavigator;

/**
 * The stage's buttons in the window's toolbar: chapter, present, export (the card at a click; the animated replay,
 * the history tables and the folder in its menu, so that the row fits a 1280 px window), notes, keys.
 */
public final class StageToolbar extends HBox {
    private final SplitMenuButton export;

    public StageToolbar(ChapterNavigator chapters, PresentationMode presentation, StageExports export,
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
        this.export = new SplitMenuButton(
                item("History as CSV and Markdown", "export-history-item", export::exportHistory),
                item("Export folder…", "export-folder-item", () -> chooseFolder(export)));
        this.export.setText("Export card");
        this.export.setId("export-button");
        this.export.setOnAction(e -> export.exportAll());
        this.export.setFocusTraversable(false);
        Tooltip where = new Tooltip();
        where.textProperty().bind(export.folderProperty().asString(
                "Timing card (1920x1080 and 1280x720), window PNG and history (S); the menu: more exports. Exports go to %s"));
        this.export.setTooltip(where);
        Button notes = button("Notes", "Speaker notes window (N)", toggleNotes);
        Button keys = button("?", "All keys (?)", overlay::toggle);
        getChildren().addAll(previous, chapter, next, present, this.export, notes, keys);
        for (Node n : getChildren()) {
            if (n != chapter && n instanceof Region r) {
                r.setMinWidth(USE_PREF_SIZE); // buttons keep their words; the chapter title is what gets cut
            }
        }
    }

    /** "Animated replay…" first in the export menu: a clip of the run on show (Shift+S). */
    public void addAnimatedExport(Runnable show) {
        export.getItems().add(0, item("Animated replay… (Shift+S)", "export-animated-item", show));
    }

    private static MenuItem item(String text, String id, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setId(id);
        item.setOnAction(e -> action.run());
        return item;
    }

    private static Button button(String text, String tip, Runnable action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(e -> action.run());
        // Space must reach the stage keys (run/stop), not press whichever button last had focus
        b.setFocusTraversable(false);
        return b;
    }

    private void chooseFolder(StageExports export) {
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
