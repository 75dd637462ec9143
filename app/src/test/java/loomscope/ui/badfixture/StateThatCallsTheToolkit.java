package loomscope.ui.badfixture;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Bad on purpose: state a view binds to (a view model by its job, though not by its name) that calls the toolkit
 * itself, so it cannot be tested without one.
 */
public final class StateThatCallsTheToolkit {
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");

    public ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }

    public void show(String s) { Platform.runLater(() -> text.set(s)); }
}
