package loomscope.ui.yourcode;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import loomscope.scenario.Scenario;
import loomscope.ui.keys.KeyBinding;
import loomscope.ui.run.RunInputs;
import loomscope.workload.LockMode;
import org.fxmisc.richtext.CodeArea;

/**
 * Your code, editable: which snippet it is (or which scenario it started from), the text with the marks of the last
 * compile and run, and one line on what happened. Bound to a {@link YourCodeViewModel}; the window runs it with Run
 * (Ctrl+R) like any scenario, in a child JVM.
 */
public final class YourCodeView extends VBox {

    private final YourCodeViewModel model;
    private final CodeEditor editor;
    private final ComboBox<Path> snippetChoice = new ComboBox<>();
    private final Label note = new Label();
    private final Label thrown = new Label();
    private final Label snippetNote = new Label();
    private final Label output = new Label();

    /** @param lock the seed's lock mode now (a seed starter follows it) */
    public YourCodeView(YourCodeViewModel model, ObservableValue<LockMode> lock) {
        this.model = model;
        getStyleClass().add("your-code-pane");
        setSpacing(4);
        editor = new CodeEditor(model);
        VBox.setVgrow(editor, Priority.ALWAYS);
        editor.setMinHeight(120);

        Label title = new Label();
        title.getStyleClass().addAll(Styles.TEXT_BOLD, "code-caption");
        title.textProperty().bind(Bindings.createStringBinding(() -> {
            Path file = model.snippets().fileProperty().get();
            return "Your code: " + (file != null ? file.getFileName().toString() : model.code().className());
        }, model.code().classNameProperty(), model.snippets().fileProperty()));
        title.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
        title.setMinWidth(0);

        MenuButton startFrom = new MenuButton("Start from");
        startFrom.setId("your-code-start-from");
        startFrom.setTooltip(new Tooltip("Replace the text with a task file that does what a scenario's threads do"));
        for (Scenario s : RunInputs.CHOOSABLE) {
            if (s.runsYourCode()) {
                continue;
            }
            MenuItem item = new MenuItem(s.name());
            item.setOnAction(e -> model.startFrom(s, lock.getValue()));
            startFrom.getItems().add(item);
        }

        snippetChoice.setId("snippet-choice");
        snippetChoice.setPromptText("Open snippet");
        snippetChoice.setItems(model.snippets().files());
        snippetChoice.setButtonCell(cell());
        snippetChoice.setCellFactory(list -> cell());
        snippetChoice.setMinWidth(Region.USE_PREF_SIZE);
        snippetChoice.setMaxWidth(240);
        snippetChoice.setOnAction(e -> {
            Path chosen = snippetChoice.getValue();
            if (chosen != null) {
                model.snippets().open(chosen);
            }
        });
        snippetChoice.setTooltip(new Tooltip("The .java files in your snippet folder (Folder… chooses it)"));
        Button save = new Button("Save");
        save.setId("snippet-save");
        save.setTooltip(new Tooltip("Save to the snippet file (Ctrl+S in the editor); Save as… names a new one"));
        save.setOnAction(e -> save());
        Button saveAs = new Button("Save as…");
        saveAs.setId("snippet-save-as");
        saveAs.setOnAction(e -> saveAs());
        Button folder = new Button("Folder…");
        folder.getStyleClass().add(Styles.FLAT);
        folder.setId("snippet-folder");
        folder.setTooltip(new Tooltip("Choose the folder of .java snippets (remembered)"));
        folder.setOnAction(e -> chooseFolder());
        for (Region r : new Region[] {startFrom, save, saveAs, folder}) {
            r.setMinWidth(Region.USE_PREF_SIZE);
        }
        // wraps to a second row in a narrow side panel rather than push Folder… out of sight
        FlowPane tools = new FlowPane(6, 4, startFrom, snippetChoice, save, saveAs, folder);
        tools.setAlignment(Pos.CENTER_LEFT);
        tools.setMinWidth(0);
        tools.getStyleClass().add("your-code-tools");

        note.setId("your-code-note");
        note.getStyleClass().add("your-code-note");
        note.textProperty().bind(model.code().runNoteProperty());
        note.setMinWidth(0);
        note.setWrapText(true);
        note.setMaxHeight(60);
        thrown.setId("your-code-thrown");
        thrown.getStyleClass().addAll("your-code-thrown", "code-caption");
        thrown.textProperty().bind(Bindings.createStringBinding(
                () -> YourCodeViewModel.bounded(model.code().thrownProperty().get()), model.code().thrownProperty()));
        thrown.setMinWidth(0);
        thrown.setWrapText(true);
        thrown.setMaxHeight(110);
        thrown.visibleProperty().bind(model.code().thrownProperty().isNotEmpty());
        thrown.managedProperty().bind(thrown.visibleProperty());
        output.setId("your-code-output");
        output.getStyleClass().addAll("your-code-output", "code-caption");
        output.textProperty().bind(model.code().outputProperty());
        output.setMinWidth(0);
        output.setMaxHeight(130);
        output.visibleProperty().bind(model.code().outputProperty().isNotEmpty());
        output.managedProperty().bind(output.visibleProperty());
        snippetNote.setId("snippet-note");
        snippetNote.getStyleClass().add("your-code-note");
        snippetNote.textProperty().bind(model.snippets().noteProperty());
        snippetNote.setMinWidth(0);
        snippetNote.visibleProperty().bind(model.snippets().noteProperty().isNotEmpty());
        snippetNote.managedProperty().bind(snippetNote.visibleProperty());

        editor.area().addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            // the window's Ctrl+S saves the run; in the editor it saves the code (the key table says both)
            if (KeyBinding.SAVE_RUN.combinations().stream().anyMatch(c -> c.match(e))) {
                save();
                e.consume();
            }
        });
        getChildren().addAll(title, tools, snippetNote, editor, note, thrown, output);
    }

    private static ListCell<Path> cell() {
        return new ListCell<>() {
            @Override
            protected void updateItem(Path item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : item.getFileName().toString());
            }
        };
    }

    private void save() {
        if (!model.snippets().save()) {
            saveAs();
        }
    }

    private void saveAs() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save your code as a snippet");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Java source", "*.java"));
        Path suggested = model.snippets().suggestedFile();
        if (suggested.getParent() != null && Files.isDirectory(suggested.getParent())) {
            chooser.setInitialDirectory(suggested.getParent().toFile());
        }
        chooser.setInitialFileName(suggested.getFileName().toString());
        File chosen = chooser.showSaveDialog(window());
        if (chosen != null) {
            model.snippets().saveAs(chosen.toPath());
        }
    }

    private void chooseFolder() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Folder of .java snippets");
        Path now = model.snippets().folderProperty().get();
        if (now != null && Files.isDirectory(now)) {
            chooser.setInitialDirectory(now.toFile());
        }
        File chosen = chooser.showDialog(window());
        if (chosen != null) {
            model.snippets().chooseFolder(chosen.toPath());
        }
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    /** The text area (tests type into it; the stage keys leave it alone). */
    public CodeArea area() { return editor.area(); }

    /** Lines (1-based) with a mark in the gutter now (tests). */
    public Map<Integer, Mark> marksShown() { return editor.marksShown(); }

    /** Paragraphs (0-based) underlined as a compiler complaint (tests). */
    public List<Integer> underlinedParagraphs() { return editor.underlinedParagraphs(); }

    public YourCodeViewModel model() { return model; }
}
