package loomscope.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;
import loomscope.savedrun.RunInfo;
import loomscope.savedrun.SavedRun;
import loomscope.savedrun.SavedRunException;
import loomscope.savedrun.SavedRunSize;

/** {@code run --save FILE}: the whole recording as a {@code .loomrun}, written after the run's lines are printed. */
final class SavedRunOutput {
    private SavedRunOutput() { }

    /** Checked before the run: a new file in a folder that exists. */
    static void check(Path file) {
        if (file != null) {
            OutputPaths.newFile(file, "--save");
        }
    }

    /** Writes it; a failure is added to {@code failures} (the results are printed anyway) and null returned. */
    static String write(Path file, RunRecording recording, List<String> jvmFlags, List<PinnedEvent> events,
                        List<String> failures) {
        try {
            SavedRunSize size = new SavedRun(recording, RunInfo.ofThisHost(jvmFlags, false), events).write(file, false);
            return String.format(Locale.ROOT, "Saved run: %s (%,d bytes, %.1f bytes per mount)",
                    LoomScopeCli.controlsShown(file.toAbsolutePath().toString()), size.bytes(), size.bytesPerMount());
        } catch (SavedRunException e) {
            failures.add("loomscope: --save: " + LoomScopeCli.oneLine(e.getMessage()));
            return null;
        }
    }
}
