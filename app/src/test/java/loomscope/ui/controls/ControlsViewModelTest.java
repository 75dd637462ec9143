package loomscope.ui.controls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunState;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** The controls bar's model without a window: Run and Stop, when each may be pressed, and the progress it shows. */
class ControlsViewModelTest {

    /** A run the test moves by hand: its state, its progress, its clock. */
    static final class HandRun implements ControlsViewModel.RunControl {
        final ReadOnlyObjectWrapper<RunState> state = new ReadOnlyObjectWrapper<>(RunState.IDLE);
        final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
        final ReadOnlyIntegerWrapper completed = new ReadOnlyIntegerWrapper();
        final ReadOnlyDoubleWrapper elapsed = new ReadOnlyDoubleWrapper();
        final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
        WorkloadConfig config;
        int runs;
        int stops;

        @Override public void run() { runs++; }
        @Override public void stop() { stops++; }
        @Override public ReadOnlyObjectProperty<RunState> stateProperty() { return state.getReadOnlyProperty(); }
        @Override public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }
        @Override public ReadOnlyIntegerProperty completedProperty() { return completed.getReadOnlyProperty(); }
        @Override public ReadOnlyDoubleProperty elapsedSecondsProperty() { return elapsed.getReadOnlyProperty(); }
        @Override public WorkloadConfig runningConfig() { return config; }
        @Override public ReadOnlyStringProperty nextRunNoteProperty() { return note.getReadOnlyProperty(); }
    }

    private final RunInputs inputs = new RunInputs();
    private final HandRun run = new HandRun();
    private final ControlsViewModel model = new ControlsViewModel(inputs, run);

    @Test
    void runWaitsForAFixedInputAndForTheRunThatGoes() {
        assertFalse(model.runDisabledProperty().get(), "the defaults run");
        assertFalse(model.activeProperty().get(), "nothing to stop");
        model.threadsTextProperty().set("-3");
        inputs.configFromInputs();   // the inputs are checked as the next run would check them
        assertFalse(model.inputErrorProperty().get().isEmpty(), "a negative N is refused: " + model.inputErrorProperty().get());
        assertTrue(model.runDisabledProperty().get(), "Run waits for the fix");
        model.threadsTextProperty().set("100");
        inputs.configFromInputs();
        assertEquals("", model.inputErrorProperty().get());
        assertFalse(model.runDisabledProperty().get());

        run.state.set(RunState.RUNNING);
        assertTrue(model.runDisabledProperty().get(), "one run at a time");
        assertTrue(model.activeProperty().get(), "Stop may be pressed");
        run.state.set(RunState.FINISHED);
        assertFalse(model.runDisabledProperty().get());
        assertFalse(model.activeProperty().get());
    }

    @Test
    void runAndStopGoToTheWindowsRun() {
        model.run();
        model.stop();
        model.stop();
        assertEquals(1, run.runs);
        assertEquals(2, run.stops);
    }

    @Test
    void theProgressSaysDoneOfAllThreadsOfTheRunOnShowAndTheClockItsMilliseconds() {
        assertEquals("", model.progressTextProperty().get(), "before the first run");
        run.config = inputs.configFromInputs();
        run.state.set(RunState.RUNNING);
        run.completed.set(1234);
        assertEquals(String.format(java.util.Locale.ROOT, "1,234 / %,d", run.config.threads()), model.progressTextProperty().get());
        run.elapsed.set(1.23456);
        assertEquals("1.235 s", model.clockTextProperty().get());
    }

    @Test
    void theSlidersAndFieldsEditTheWindowsOneSetOfInputs() {
        model.scenarioProperty().set(RunInputs.CHOOSABLE.get(1));   // a scenario brings its own default P
        assertEquals(RunInputs.CHOOSABLE.get(1), inputs.scenarioProperty().get());
        model.parallelismProperty().set(3);
        assertEquals(3, inputs.parallelismProperty().get());
        assertEquals(3, inputs.configFromInputs().parallelism(), "the next run takes the slider's P");
    }
}
