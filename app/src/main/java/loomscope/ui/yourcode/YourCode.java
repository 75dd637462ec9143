package loomscope.ui.yourcode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.recording.RunRecording;
import loomscope.taskfile.SnippetFolder;
import loomscope.taskfile.TaskFileCompiler;
import loomscope.taskfile.TaskFileLaunch;
import loomscope.ui.probe.ProbeHost;

/**
 * The audience's own task as the window holds it: its source, what the compiler said about it, and where in it the
 * last run threw and was pinned (JFR's stacks, taken back to the lines of this source). The run itself goes through
 * the window's one run lifecycle like any scenario's (see {@link loomscope.ui.mainwindow.MainViewModel}).
 */
public final class YourCode implements ProbeHost.YourLines {
    /** A line of the source where JFR saw threads pinned: how often, and the JDK's reason (null on JDK 21). */
    public record PinnedLine(int line, int events, String reason) { }

    private static final Pattern FRAME_LINE = Pattern.compile("\\(([^():]+\\.java):(\\d+)\\)");

    private final StringProperty source = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper className = new ReadOnlyStringWrapper("Task");
    private final ObservableList<TaskFileCompiler.Problem> problems = FXCollections.observableArrayList();
    private final ObservableList<PinnedLine> pinnedLines = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper thrown = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper runNote = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper output = new ReadOnlyStringWrapper("");
    /** What the pane shows of the task's own printing: its last lines (the child keeps a bounded tail). */
    static final int OUTPUT_LINES = 8;
    /** The source line (1-based) the first exception came from, 0 for none. */
    private int thrownLine;
    /** The text the last run compiled: marks go on it only, never on a text edited since. */
    private String ranSource;
    /** The class the last run ran, so its frames are found in JFR's stacks. */
    private String ranClass;
    /** The last run's recording: a stack of another run names lines of another text. */
    private RunRecording ranRecording;
    /** A line the editor is asked to show (a mount's stack in the inspector named it), with a serial so the same line can be asked again. */
    public record LineToShow(int line, long serial) { }
    private final ReadOnlyObjectWrapper<LineToShow> lineToShow = new ReadOnlyObjectWrapper<>();

    /** The task's source, as edited. */
    public StringProperty sourceProperty() { return source; }

    public String source() { return source.get(); }

    public YourCode() {
        source.addListener((o, a, text) -> {
            String name = SnippetFolder.className(text);
            className.set(name == null ? "Task" : name);
            // marks belong to the text they were made for: an edit moves lines under them
            problems.clear();
            pinnedLines.clear();
            thrownLine = 0;
        });
    }

    /** The name of the source's public class (the file javac wants is named after it), or "Task". */
    @Override
    public String className() { return className.get(); }

    public ReadOnlyStringProperty classNameProperty() { return className.getReadOnlyProperty(); }

    public void starting() {
        ranSource = source.get();
        problems.clear();
        pinnedLines.clear();
        thrownLine = 0;
        thrown.set("");
        output.set("");
        runNote.set("Compiling " + className() + " …");
        ranClass = className();
    }

    public void compileFailed(List<TaskFileCompiler.Problem> found) {
        problems.setAll(found);
        TaskFileCompiler.Problem first = found.isEmpty() ? null : found.get(0);
        runNote.set(first == null ? "It does not compile." : first.line() <= 0 ? "Not run: " + first.message()
                : String.format(Locale.ROOT, "Does not compile: %d problem%s; first at line %d: %s", found.size(),
                found.size() == 1 ? "" : "s", first.line(), first.message()));
    }

    public void running() {
        progress(null);
    }

    /** While the child says the run makes no progress, that line ("no progress for 5 s: …"); else "running". */
    public void progress(String noProgress) {
        String note = noProgress != null ? noProgress + " (Stop ends it)" : "Compiled; running " + ranClass + " in a child JVM.";
        if (!note.equals(runNote.get())) {
            runNote.set(note);
        }
    }

    public void couldNotStart(String reason) {
        runNote.set("Not run: " + reason);
    }

    /** What the run's own threads threw, and where JFR saw them pinned in this source. */
    public void ended(RunRecording recording, List<PinnedEvent> events, List<String> childOutput) {
        ranRecording = recording;
        List<String> printed = TaskFileLaunch.printed(childOutput, OUTPUT_LINES);
        output.set(printed.isEmpty() ? "" : "Printed (last lines):\n" + String.join("\n", printed));
        Map<Integer, int[]> counts = new TreeMap<>();
        Map<Integer, String> reasons = new TreeMap<>();
        int outside = 0;
        for (PinnedEvent e : events) {
            StackFrame own = ownFrame(e.stack());
            if (own == null) {
                outside++;
                continue;
            }
            counts.computeIfAbsent(own.line(), k -> new int[1])[0]++;
            if (e.reason() != null && !e.reason().isBlank()) {
                reasons.putIfAbsent(own.line(), e.reason());
            }
        }
        List<PinnedLine> lines = new ArrayList<>();
        counts.forEach((line, n) -> lines.add(new PinnedLine(line, n[0], reasons.get(line))));
        boolean edited = !source.get().equals(ranSource);
        pinnedLines.setAll(edited ? List.of() : lines);
        int threw = recording == null ? 0 : recording.tasksThrew();
        RunRecording.Thrown first = recording == null ? null : recording.firstThrow();
        thrownLine = first == null || edited ? 0 : lineIn(first.stack());
        thrown.set(threw == 0 ? "" : String.format(Locale.ROOT, "%,d of %,d threads threw%s", threw,
                recording.config().threads(), first == null ? "." : "; the first (thread " + first.vt() + "):\n"
                        + first.stack()));
        runNote.set(String.format(Locale.ROOT, "JFR: %,d pinned event%s%s.", events.size(), events.size() == 1 ? "" : "s",
                events.isEmpty() ? "" : outside == events.size() ? ", none in your lines"
                        : edited ? " (the text changed since the run began: not marked)"
                        : ", marked at " + lines.size() + " line" + (lines.size() == 1 ? "" : "s") + " of yours"));
    }

    /**
     * The line of this source that {@code stack}, taken in {@code recording}, names first: 0 unless {@code recording} is
     * the last run of this text (unedited since) and a frame is the task's own.
     */
    @Override
    public int lineOf(RunRecording recording, List<StackFrame> stack) {
        if (recording == null || recording != ranRecording || ranClass == null || !source.get().equals(ranSource)) {
            return 0;
        }
        StackFrame own = ownFrame(stack);
        return own == null ? 0 : own.line();
    }

    /** Asks the editor to show and select line {@code line} of the source. */
    @Override
    public void showLine(int line) {
        LineToShow before = lineToShow.get();
        lineToShow.set(new LineToShow(line, before == null ? 1 : before.serial() + 1));
    }

    /** The line the editor was last asked to show, or null. */
    public ReadOnlyObjectProperty<LineToShow> lineToShowProperty() {
        return lineToShow.getReadOnlyProperty();
    }

    /**
     * The first frame of the task's own class, or of a class nested in it, in a JFR stack. JFR's frames name no
     * source file, so a second top-level class of the file is not recognised: nest helpers to have them marked.
     */
    private StackFrame ownFrame(List<StackFrame> stack) {
        for (StackFrame f : stack) {
            if (f.module() == null && f.line() > 0
                    && (ranClass.equals(f.className()) || f.className().startsWith(ranClass + "$"))) {
                return f;
            }
        }
        return null;
    }

    private int lineIn(String stack) {
        Matcher m = FRAME_LINE.matcher(stack);
        while (m.find()) {
            if (m.group(1).equals(ranClass + ".java")) {
                return Integer.parseInt(m.group(2));
            }
        }
        return 0;
    }

    /** The compiler's complaints about the last source it was given; empty once it compiled. */
    public ObservableList<TaskFileCompiler.Problem> problems() { return problems; }

    /** Lines of the source where the last run's threads were pinned, as JFR saw it. */
    public ObservableList<PinnedLine> pinnedLines() { return pinnedLines; }

    /** How many of the last run's threads threw, and the first one's stack; empty when none did. */
    public ReadOnlyStringProperty thrownProperty() { return thrown.getReadOnlyProperty(); }

    /** The line the first exception of the last run came from, 0 for none. */
    public int thrownLine() { return thrownLine; }

    /** The last lines your code printed in its last run, each cut short by the child's reader; empty when none. */
    public ReadOnlyStringProperty outputProperty() { return output.getReadOnlyProperty(); }

    /** One line on the last compile or run of this code. */
    public ReadOnlyStringProperty runNoteProperty() { return runNote.getReadOnlyProperty(); }
}
