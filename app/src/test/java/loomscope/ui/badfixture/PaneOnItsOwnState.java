package loomscope.ui.badfixture;

import javafx.scene.control.Label;
import javafx.scene.layout.Pane;

/** The good twin of {@link PaneOnAnotherFeaturesState}: bound to its own feature's state. */
public final class PaneOnItsOwnState extends Pane {
    public PaneOnItsOwnState(PlainState state) {
        Label text = new Label();
        text.textProperty().bind(state.textProperty());
        getChildren().add(text);
    }
}
