package loomscope.ui.code;

import java.util.HashMap;
import java.util.Map;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import loomscope.scenario.Scenario;
import loomscope.workload.LockMode;

/**
 * The code the next run's threads run, for the code pane: it follows the chosen scenario (and, for the seed, the
 * lock mode). The text is cut from this build's sources once per scenario and lock, on the FX thread (a few kB
 * read from the class path the first time).
 */
public final class CodeViewModel {
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper caption = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper focus = new ReadOnlyStringWrapper("");
    private final Map<String, ScenarioCode> cut = new HashMap<>();
    private final Map<String, String> texts = new HashMap<>();

    public CodeViewModel(ObservableValue<Scenario> scenario, ObservableValue<LockMode> lock) {
        scenario.addListener((o, a, b) -> show(scenario.getValue(), lock.getValue()));
        lock.addListener((o, a, b) -> show(scenario.getValue(), lock.getValue()));
        show(scenario.getValue(), lock.getValue());
    }

    private void show(Scenario scenario, LockMode lock) {
        if (scenario == null) {
            focus.set("");
            text.set("");
            caption.set("");
            return;
        }
        LockMode mode = lock == null ? LockMode.SYNCHRONIZED : lock;
        // by scenario and lock: a scenario whose code does not follow the lock is cut once per lock, cheaply
        String key = scenario.name() + "/" + mode.name();
        ScenarioCode code = cut.computeIfAbsent(key, k -> ScenarioCode.of(scenario, mode));
        try {
            focus.set(code.focus());   // before the text: the pane marks the focus as it lays the text out
            text.set(texts.computeIfAbsent(key, k -> code.text()));
            caption.set(code.caption());
        } catch (IllegalStateException missing) {
            // a build without its sources: say so in the pane rather than show something else
            text.set("");
            caption.set(missing.getMessage());
        }
    }

    /** The blocks of source, dedented, separated by {@link ScenarioCode#GAP} lines. */
    public ReadOnlyStringProperty textProperty() { return text.getReadOnlyProperty(); }

    /** Text of the line where the threads block: the pane marks its first line and keeps it in view. */
    public ReadOnlyStringProperty focusProperty() { return focus.getReadOnlyProperty(); }

    /** Which files and methods the text comes from. */
    public ReadOnlyStringProperty captionProperty() { return caption.getReadOnlyProperty(); }

    public String text() { return text.get(); }
}
