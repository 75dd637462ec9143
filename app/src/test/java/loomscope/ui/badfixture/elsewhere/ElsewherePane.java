package loomscope.ui.badfixture.elsewhere;

import javafx.scene.control.Label;

/** The other feature's own view, bound to {@link ElsewhereState}. */
public final class ElsewherePane extends Label {
    public ElsewherePane(ElsewhereState state) {
        textProperty().bind(state.textProperty());
    }
}
