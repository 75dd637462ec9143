package loomscope.ui.probe;

import java.util.List;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.LongConsumer;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.scene.Node;
import javafx.scene.Scene;
import loomscope.probe.StackFrame;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.run.RunState;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;

/**
 * The window the JDK's view is put into, as {@link ProbeView} sees it: its hook points (an observer for each run,
 * the run that goes, a pulse, a side panel) and what the inspector needs to know of the run on screen. The main
 * window is one; the probe panel knows it only through this.
 */
public interface ProbeHost {
    RecordingView recordingView();

    void addSidePanel(int position, Node panel);

    void addPulseHook(LongConsumer hook);

    ReadOnlyObjectProperty<Scene> sceneProperty();

    Scene getScene();

    /** The probes' observer for each run started from now on (JFR, snapshots), made from its config. */
    void setExtraObserver(Function<WorkloadConfig, RunObserver> factory);

    /** The run that goes or went last, once started. */
    ReadOnlyObjectProperty<RecordedRun> currentRunProperty();

    RunState runState();

    /** The instant a stopped or finished run's replay shows, if it shows one. */
    OptionalLong replayTimeNanos();

    /** Your code, where a mount's stack reaches into it while your code is the chosen workload; else none. */
    YourLines yourCodeIfChosen();

    /** Your code as the inspector needs it: its class, where a mount's stack reaches its lines, a jump to one. */
    interface YourLines {
        String className();

        /** The line of your source that {@code stack}, taken in {@code recording}, names first; 0 for none. */
        int lineOf(RunRecording recording, List<StackFrame> stack);

        /** Shows and selects line {@code line} in the editor. */
        void showLine(int line);
    }
}
