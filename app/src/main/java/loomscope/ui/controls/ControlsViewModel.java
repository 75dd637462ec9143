package loomscope.ui.controls;

import java.util.Locale;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.StringProperty;
import loomscope.runs.RunTarget;
import loomscope.scenario.Scenario;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunState;
import loomscope.workload.WorkloadConfig;

/**
 * The controls bar's model: the next run's inputs as the controls edit them (the window's one {@link RunInputs}),
 * Run and Stop, and what the bar shows of the run that goes (whether Run or Stop may be pressed, the progress, the
 * clock). The run itself is the window's: the controls reach it only through {@link RunControl}.
 */
public final class ControlsViewModel {

    /** What the controls start and stop, and read of the run that goes. The main window's model is one. */
    public interface RunControl {
        /** Starts a run with the current inputs (a bad input or a run already going only sets a message). */
        void run();

        /** Stops the run that goes; returns at once. */
        void stop();

        ReadOnlyObjectProperty<RunState> stateProperty();

        /** The share of the run's threads done, 0 to 1. */
        ReadOnlyDoubleProperty progressProperty();

        ReadOnlyIntegerProperty completedProperty();

        ReadOnlyDoubleProperty elapsedSecondsProperty();

        /** The config of the run that goes or went last, or null before the first. */
        WorkloadConfig runningConfig();

        /** What the next run will change, if anything (said under the controls). */
        ReadOnlyStringProperty nextRunNoteProperty();
    }

    private final RunInputs inputs;
    private final RunControl run;
    private final BooleanBinding active;
    private final BooleanBinding runDisabled;
    private final StringBinding progressText;
    private final StringBinding clockText;

    public ControlsViewModel(RunInputs inputs, RunControl run) {
        this.inputs = inputs;
        this.run = run;
        active = Bindings.createBooleanBinding(() -> run.stateProperty().get().isActive(), run.stateProperty());
        // an input the next run would refuse: its one message shows under the settings, and Run waits for a fix
        runDisabled = active.or(inputs.inputErrorProperty().isNotEmpty());
        progressText = Bindings.createStringBinding(() -> {
            WorkloadConfig c = run.runningConfig();
            return c == null ? "" : String.format(Locale.ROOT, "%,d / %,d", run.completedProperty().get(), c.threads());
        }, run.completedProperty(), run.stateProperty());
        clockText = Bindings.createStringBinding(() -> String.format(Locale.ROOT, "%.3f s", run.elapsedSecondsProperty().get()),
                run.elapsedSecondsProperty());
    }

    public void run() { run.run(); }

    public void stop() { run.stop(); }

    /** True from a run's start until it has ended: Stop may be pressed, the inputs that say where it runs may not change. */
    public BooleanBinding activeProperty() { return active; }

    /** Run waits while a run goes or an input is wrong. */
    public BooleanBinding runDisabledProperty() { return runDisabled; }

    public ReadOnlyDoubleProperty progressProperty() { return run.progressProperty(); }

    /** "done / all" threads of the run on show, or empty before the first. */
    public StringBinding progressTextProperty() { return progressText; }

    /** The run's elapsed time, to the millisecond. */
    public StringBinding clockTextProperty() { return clockText; }

    /** Why the next run would be refused, or empty: one message for all the inputs. */
    public ReadOnlyStringProperty inputErrorProperty() { return inputs.inputErrorProperty(); }

    public ReadOnlyStringProperty nextRunNoteProperty() { return run.nextRunNoteProperty(); }

    // ---- the inputs the controls edit ----

    public ObjectProperty<Scenario> scenarioProperty() { return inputs.scenarioProperty(); }

    public IntegerProperty parallelismProperty() { return inputs.parallelismProperty(); }

    public StringProperty threadsTextProperty() { return inputs.threadsTextProperty(); }

    /** The text of {@code of}'s parameter {@code param} as typed (or chosen on a slider). */
    public StringProperty paramTextProperty(Scenario of, String param) { return inputs.paramTextProperty(of, param); }

    public ObjectProperty<RunTarget> runOnProperty() { return inputs.runOnProperty(); }
}
