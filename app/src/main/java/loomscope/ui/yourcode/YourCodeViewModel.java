package loomscope.ui.yourcode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.beans.InvalidationListener;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.scenario.Scenario;
import loomscope.taskfile.StarterSnippets;
import loomscope.taskfile.TaskFileCompiler;
import loomscope.workload.LockMode;

/**
 * The editor's model: the source it edits (the window's {@link YourCode}), the marks at its lines from the last compile
 * and run, and where the text came from (a scenario's starter, a snippet file: {@link SnippetFiles}). Plain JUnit
 * tests it without a window.
 */
public final class YourCodeViewModel {
    /** A stack or message longer than this is cut: the editor's notes must not push the lanes off the screen. */
    static final int MAX_NOTE_CHARS = 2_000;

    private final YourCode code;
    private final ObservableList<Mark> marks = FXCollections.observableArrayList();
    private final SnippetFiles snippets;

    public YourCodeViewModel(YourCode code, SnippetFiles snippets) {
        this.code = code;
        this.snippets = snippets;
        InvalidationListener remark = o -> remark();
        code.problems().addListener(remark);
        code.pinnedLines().addListener(remark);
        code.thrownProperty().addListener(remark);
        code.sourceProperty().addListener(o -> {
            if (!marks.isEmpty() && code.problems().isEmpty() && code.pinnedLines().isEmpty()) {
                marks.clear();   // the text moved under them (YourCode dropped its own)
            }
        });
        if (code.source().isEmpty()) {
            startFrom(null, null);
        }
    }

    /** Replaces the text with the starter of {@code scenario} (its lock mode for the seed): a task file doing what its threads do. */
    public void startFrom(Scenario scenario, LockMode lock) {
        code.sourceProperty().set(StarterSnippets.forScenario(scenario,
                lock == null ? null : lock.cliName()));
        snippets.forgetFile();
    }

    private void remark() {
        List<Mark> all = new ArrayList<>();
        for (TaskFileCompiler.Problem p : code.problems()) {
            all.add(new Mark((int) Math.max(1, p.line()), (int) Math.max(0, p.column()), Mark.Kind.ERROR,
                    bounded((p.line() > 0 ? "Line " + p.line() + ":" + p.column() + ": " : "") + p.message())));
        }
        for (YourCode.PinnedLine p : code.pinnedLines()) {
            all.add(new Mark(p.line(), 0, Mark.Kind.PINNED, String.format(Locale.ROOT,
                    "JFR: %,d pinned event%s here%s", p.events(), p.events() == 1 ? "" : "s",
                    p.reason() == null ? " (this JDK gives no reason)" : ": " + p.reason())));
        }
        if (code.thrownLine() > 0) {
            all.add(new Mark(code.thrownLine(), 0, Mark.Kind.THREW, bounded(code.thrownProperty().get())));
        }
        marks.setAll(all);
    }

    static String bounded(String text) {
        return text.length() <= MAX_NOTE_CHARS ? text : text.substring(0, MAX_NOTE_CHARS) + " …";
    }

    public StringProperty sourceProperty() { return code.sourceProperty(); }

    /** The marks at lines of the text, in the order compiler, JFR, exception. */
    public ObservableList<Mark> marks() { return marks; }

    public YourCode code() { return code; }

    public SnippetFiles snippets() { return snippets; }
}
