package loomscope.ui.controls;

import javafx.util.StringConverter;
import loomscope.workload.LockMode;

/** Tick labels of the discrete lock-mode slider: slider value i is {@code LockMode.values()[i]}. */
public final class LockModeConverter extends StringConverter<Double> {

    public static LockMode modeAt(double value) {
        LockMode[] modes = LockMode.values();
        int i = (int) Math.round(value);
        return modes[Math.max(0, Math.min(modes.length - 1, i))];
    }

    @Override
    public String toString(Double value) {
        return value == null ? "" : modeAt(value).cliName();
    }

    @Override
    public Double fromString(String name) {
        return (double) LockMode.fromCliName(name).ordinal();
    }
}
