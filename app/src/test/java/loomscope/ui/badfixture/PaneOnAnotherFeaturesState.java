package loomscope.ui.badfixture;

import javafx.scene.control.Label;
import javafx.scene.layout.Pane;
import loomscope.ui.badfixture.elsewhere.ElsewhereState;

/** Bad on purpose: a view (a pane, not named ...View) bound to another feature's view model. */
public final class PaneOnAnotherFeaturesState extends Pane {
    public PaneOnAnotherFeaturesState(ElsewhereState elsewhere) {
        Label text = new Label();
        text.textProperty().bind(elsewhere.textProperty());
        getChildren().add(text);
    }
}
