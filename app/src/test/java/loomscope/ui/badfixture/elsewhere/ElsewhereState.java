package loomscope.ui.badfixture.elsewhere;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** Another feature's view model (for ArchitectureRulesRejectBadClassesTest): its own view is {@link ElsewherePane}. */
public final class ElsewhereState {
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");

    public ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }
}
