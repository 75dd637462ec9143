package loomscope.ui.yourcode;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.util.Duration;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.model.StyleSpan;

/**
 * The text of your code, editable: line numbers, Java's words in colour, and the marks of the last compile or run in
 * the gutter (and the compiler's at their column, underlined). Bound to a {@link YourCodeViewModel}'s source and
 * marks, nothing else.
 */
final class CodeEditor extends StackPane {
    private final CodeArea area = new CodeArea();
    private final YourCodeViewModel model;
    private final Map<Integer, Mark> marksByLine = new HashMap<>();
    private final IntFunction<Node> lineNumbers;

    CodeEditor(YourCodeViewModel model) {
        this.model = model;
        getStyleClass().add("your-code-editor");
        area.setId("your-code-area");
        area.getStyleClass().add("your-code-area");
        // a long line wraps rather than hide behind a scroll bar: on stage nobody scrolls sideways
        area.setWrapText(true);
        lineNumbers = LineNumberFactory.get(area, digits -> "%" + Math.max(2, digits) + "d");
        area.replaceText(model.sourceProperty().get());
        area.textProperty().addListener((o, a, text) -> {
            if (!text.equals(model.sourceProperty().get())) {
                model.sourceProperty().set(text);
            }
            restyle();
        });
        model.sourceProperty().addListener((o, a, text) -> {
            if (!text.equals(area.getText())) {
                area.replaceText(text);
                area.moveTo(0);
                area.requestFollowCaret();
            }
        });
        model.marks().addListener((ListChangeListener<Mark>) c -> showMarks());
        getChildren().add(new VirtualizedScrollPane<>(area));
        showMarks();
        model.code().lineToShowProperty().addListener((o, was, now) -> {
            if (now != null) {
                showLine(now.line());
            }
        });
    }

    /** Scrolls to line {@code line} (1-based), selects it and puts the caret there: the inspector's jump to a frame. */
    void showLine(int line) {
        int paragraph = line - 1;
        if (paragraph < 0 || paragraph >= area.getParagraphs().size()) {
            return;
        }
        area.moveTo(paragraph, 0);
        area.selectParagraph();
        area.showParagraphAtCenter(paragraph);
        area.requestFocus();
    }

    private void showMarks() {
        marksByLine.clear();
        for (Mark m : model.marks()) {
            // the compiler's first word on a line wins over JFR's and the exception's
            marksByLine.merge(m.line(), m, (a, b) -> a.kind().ordinal() <= b.kind().ordinal() ? a : b);
        }
        area.setParagraphGraphicFactory(null);  // built again, with the marks of now
        area.setParagraphGraphicFactory(this::gutter);
        restyle();
        Mark first = model.marks().isEmpty() ? null : model.marks().get(0);
        if (first != null && first.line() - 1 < area.getParagraphs().size()) {
            area.showParagraphInViewport(first.line() - 1);
        }
    }

    private Node gutter(int paragraph) {
        Label glyph = new Label();
        glyph.getStyleClass().add("your-code-mark");
        Mark mark = marksByLine.get(paragraph + 1);
        if (mark != null) {
            glyph.setText(mark.kind().glyph());
            glyph.getStyleClass().add("mark-" + mark.kind().name().toLowerCase(Locale.ROOT));
            Tooltip tip = new Tooltip(mark.text());
            tip.setWrapText(true);
            tip.setMaxWidth(640);
            tip.setShowDelay(Duration.millis(200));
            glyph.setTooltip(tip);
            glyph.setId("mark-line-" + mark.line());
        }
        HBox box = new HBox(2, glyph, lineNumbers.apply(paragraph));
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    /**
     * Colours again, bands the marked lines, then underlines each compiler complaint at its column (a word, or one
     * character).
     */
    private void restyle() {
        String text = area.getText();
        area.setStyleSpans(0, JavaHighlighter.spans(text));
        for (int p = 0; p < area.getParagraphs().size(); p++) {
            Mark mark = marksByLine.get(p + 1);
            Collection<String> band = mark == null ? List.of()
                    : List.of(mark.kind().name().toLowerCase(Locale.ROOT) + "-line");
            if (!area.getParagraph(p).getParagraphStyle().equals(band)) {
                area.setParagraphStyle(p, band);
            }
        }
        for (Mark m : model.marks()) {
            if (m.kind() != Mark.Kind.ERROR || m.line() < 1 || m.line() > area.getParagraphs().size()) {
                continue;
            }
            int paragraph = m.line() - 1;
            String line = area.getParagraph(paragraph).getText();
            if (line.isEmpty()) {
                continue;
            }
            int from = Math.min(Math.max(0, m.column() - 1), line.length() - 1);
            int to = from + 1;
            while (to < line.length() && Character.isJavaIdentifierPart(line.charAt(to))
                    && Character.isJavaIdentifierPart(line.charAt(from))) {
                to++;
            }
            area.setStyle(paragraph, from, to, List.of("compile-error"));
        }
    }

    /** Paragraphs (0-based) whose text is underlined as the compiler's complaint (tests). */
    List<Integer> underlinedParagraphs() {
        ArrayList<Integer> found = new ArrayList<>();
        for (int p = 0; p < area.getParagraphs().size(); p++) {
            for (StyleSpan<Collection<String>> span : area.getParagraph(p).getStyleSpans()) {
                if (span.getStyle().contains("compile-error")) {
                    found.add(p);
                    break;
                }
            }
        }
        return found;
    }

    /** The line (1-based) a gutter mark stands at, and its kind (tests). */
    Map<Integer, Mark> marksShown() { return Map.copyOf(marksByLine); }

    CodeArea area() { return area; }
}
