package loomscope.ui.presentation;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import loomscope.runs.RunTarget;
import loomscope.host.RunShare;
import loomscope.recording.RunRecording;
import loomscope.ui.run.RunState;
import loomscope.workload.WorkloadConfig;

/**
 * The run the stage shows, as the presenter's header and the speaker's notes read it: what runs or ran, where, for
 * how long, and what the next run would be. The main window's model is one; the presentation knows it only through
 * this.
 */
public interface PresentedRun {
    ReadOnlyObjectProperty<RunState> stateProperty();

    default RunState state() { return stateProperty().get(); }

    ReadOnlyObjectProperty<RunRecording> recordingProperty();

    ReadOnlyDoubleProperty elapsedSecondsProperty();

    /** Where the next run goes (this JVM or a child JVM of another JDK). */
    ObjectProperty<RunTarget> runOnProperty();

    /** The config of the run that goes or went last, or null before the first. */
    WorkloadConfig runningConfig();

    /** The config the inputs describe now, or null while they are not valid (no message is shown for it). */
    WorkloadConfig configFromInputsQuietly();

    /** Whether the next run would be the last one again (no input changed since). */
    boolean nextRunRepeatsLast();

    /** Counts every change of the inputs, so that a binding can follow them all. */
    ReadOnlyIntegerProperty inputsRevisionProperty();

    /** How the last run shared the machine with the window (its carriers lowered or not). */
    RunShare runShare();
}
