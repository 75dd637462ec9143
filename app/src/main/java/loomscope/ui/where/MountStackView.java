package loomscope.ui.where;

import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The code pane of an application's run: LoomScope has none of its source, so it shows the stack of the mount stepped
 * to in Where (the witness's frames, innermost first), which names the application's own lines.
 */
public final class MountStackView extends VBox {

    public MountStackView(WhereViewModel model) {
        getStyleClass().add("side-panel");
        setId("mount-stack");
        setSpacing(6);
        Label title = new Label("Stack");
        title.getStyleClass().add("section-title");
        Label of = new Label();
        of.setId("mount-stack-of");
        of.setWrapText(true);
        of.setMinHeight(Label.USE_PREF_SIZE);
        of.textProperty().bind(model.stackTitleProperty());
        ListView<String> frames = new ListView<>(model.steppedStack());
        frames.setId("mount-stack-frames");
        frames.setPlaceholder(new Label("No mount chosen"));
        VBox.setVgrow(frames, Priority.ALWAYS);
        getChildren().addAll(title, of, frames);
    }
}
