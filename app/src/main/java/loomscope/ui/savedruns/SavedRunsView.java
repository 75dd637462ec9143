package loomscope.ui.savedruns;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.input.DragEvent;
import javafx.scene.input.Dragboard;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import loomscope.savedrun.SavedRun;

/**
 * The main window's "Open run…" and "Save run…" buttons, the file dialogs behind them, and dropping a
 * {@code .loomrun} file anywhere on the window. What happens to the file is {@link SavedRunsViewModel}'s.
 */
public final class SavedRunsView extends HBox {
    private static final FileChooser.ExtensionFilter RUNS =
            new FileChooser.ExtensionFilter("LoomScope runs (*" + SavedRun.EXTENSION + ")", "*" + SavedRun.EXTENSION);

    private final SavedRunsViewModel model;
    private File lastFolder;

    public SavedRunsView(SavedRunsViewModel model) {
        super(8);
        this.model = model;
        Button open = new Button("Open run…");
        open.setId("open-run");
        open.setTooltip(new Tooltip("Open a saved run (" + SavedRun.EXTENSION + ") to replay, compare and export it "
                + "(Ctrl+Shift+O; or drop the file on the window)"));
        open.setOnAction(e -> chooseAndOpen());
        open.disableProperty().bind(model.busyProperty());
        Button save = new Button("Save run…");
        save.setId("save-run");
        save.setTooltip(new Tooltip("Save the run on show, every mount and phase, to open it later or elsewhere (Ctrl+S)"));
        save.setOnAction(e -> chooseAndSave());
        save.disableProperty().bind(model.canSaveProperty().not().or(model.busyProperty()));
        open.setMinWidth(USE_PREF_SIZE);
        save.setMinWidth(USE_PREF_SIZE);
        setMinWidth(USE_PREF_SIZE);
        getChildren().addAll(open, save);
    }

    /** Ctrl+Shift+O. */
    public void chooseAndOpen() {
        FileChooser chooser = chooser("Open a saved run");
        File file = chooser.showOpenDialog(window());
        if (file != null) {
            lastFolder = file.getParentFile();
            model.open(file.toPath());
        }
    }

    /** Ctrl+S. */
    public void chooseAndSave() {
        if (!model.canSaveProperty().get()) {
            model.save(null, false);   // says why there is nothing to save
            return;
        }
        FileChooser chooser = chooser("Save the run");
        chooser.setInitialFileName("loomscope-run" + SavedRun.EXTENSION);
        File file = chooser.showSaveDialog(window());
        if (file != null) {
            lastFolder = file.getParentFile();
            Path path = file.toPath();
            if (!path.getFileName().toString().endsWith(SavedRun.EXTENSION)) {
                path = path.resolveSibling(path.getFileName() + SavedRun.EXTENSION);
            }
            // the dialog asked about replacing the name it returned; a name we extended was not asked about
            model.save(path, path.equals(file.toPath()) && Files.exists(path));
        }
    }

    private FileChooser chooser(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(RUNS);
        if (lastFolder != null && lastFolder.isDirectory()) {
            chooser.setInitialDirectory(lastFolder);
        }
        return chooser;
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    /** A file dropped anywhere on {@code scene} is opened (one file; anything else is refused with a reason). */
    public void acceptDropsOn(Scene scene) {
        scene.addEventHandler(DragEvent.DRAG_OVER, e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
        });
        scene.addEventHandler(DragEvent.DRAG_DROPPED, e -> {
            Dragboard board = e.getDragboard();
            List<File> dropped = board.hasFiles() ? board.getFiles() : List.of();
            if (dropped.size() == 1) {
                model.open(dropped.get(0).toPath());
            } else if (dropped.size() > 1) {
                model.openMany(dropped.size());
            }
            e.setDropCompleted(dropped.size() == 1);
            e.consume();
        });
    }
}
