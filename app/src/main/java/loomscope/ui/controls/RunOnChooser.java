package loomscope.ui.controls;

import atlantafx.base.theme.Styles;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import loomscope.runs.RunTarget;
import loomscope.ui.run.RunOnCatalog;

/**
 * The main window's "Run on" choice: this JVM, each Java runtime found, and the legacy-locking preset
 * (synchronized pins as on JDK 21). The list comes from the same catalog the compare view uses; it is
 * filled in the background, so the window is usable (on this JVM) before discovery ends.
 */
public final class RunOnChooser extends VBox {
    private final ComboBox<RunTarget> choice = new ComboBox<>();
    private final Label note;

    public RunOnChooser(ControlsViewModel model, RunOnCatalog catalog) {
        super(4);
        Label title = new Label("Run on");
        title.getStyleClass().add(Styles.TEXT_BOLD);
        choice.setId("run-on");
        choice.setItems(catalog.targets());
        choice.setPrefWidth(380);
        choice.setMaxWidth(520);
        choice.setButtonCell(new TargetCell());
        choice.setCellFactory(list -> new TargetCell());
        choice.valueProperty().bindBidirectional(model.runOnProperty());
        // a run keeps the JVM it started on; switching mid-run would only confuse what the lanes show
        choice.disableProperty().bind(model.activeProperty());
        Tooltip tip = new Tooltip("Where Run executes: this JVM, or a child JVM of another runtime whose events stream back"
                + " live. JDK 21 (or this JDK with legacy locking) pins in synchronized.");
        tip.setWrapText(true);
        tip.setMaxWidth(520);
        choice.setTooltip(tip);
        Label note = new Label();
        note.setId("run-on-note");
        note.getStyleClass().add(Styles.TEXT_MUTED);
        note.textProperty().bind(catalog.noteProperty());
        Tooltip skipped = new Tooltip();
        skipped.textProperty().bind(catalog.skippedProperty());
        note.setTooltip(skipped);
        getChildren().addAll(title, choice, note);
        this.note = note;
    }

    /** Compact (a short window): a narrower list, and the runtimes' count only in the list's tooltip. */
    public void setCompact(boolean compact) {
        choice.setPrefWidth(compact ? 280 : 380);
        note.setVisible(!compact);
        note.setManaged(!compact);
    }

    public ComboBox<RunTarget> choice() { return choice; }

    /** Shows each target by its label; the full label (with the folder) goes in the cell's tooltip. */
    private static final class TargetCell extends ListCell<RunTarget> {
        @Override
        protected void updateItem(RunTarget item, boolean empty) {
            super.updateItem(item, empty);
            setText(empty || item == null ? null : item.label());
            setTooltip(empty || item == null ? null : new Tooltip(item.label()));
        }
    }
}
