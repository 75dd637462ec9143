package loomscope.ui.badfixture;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** The good twin of {@link StateThatCallsTheToolkit}: the same state, set on the caller's thread. */
public final class PlainState {
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");

    public ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }

    public void show(String s) { text.set(s); }
}
