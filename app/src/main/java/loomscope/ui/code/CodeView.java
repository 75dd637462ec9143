package loomscope.ui.code;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * The read-only code pane: the caption (which files and methods), then the source in a monospace font, one label
 * per source line. A line longer than the pane is wide breaks at a space and goes on four columns further in, as
 * an editor's soft wrap does: nothing is cut off, nothing needs a horizontal scroll bar, and the block structure
 * stays readable at any width. The pane scrolls when the code is taller than the room it is given and never asks
 * for more width than its parent gives it. Bound to a {@link CodeViewModel}, nothing else.
 */
public final class CodeView extends VBox {
    /** How much further a wrapped line's continuation starts. */
    static final int CONTINUATION = 4;
    /** Below this many columns a pane is too narrow to wrap sensibly: lines then break at this width anyway. */
    private static final int MIN_COLUMNS = 16;

    private final Label caption = new Label();
    private final VBox lines = new VBox();
    private final ScrollPane scroll = new ScrollPane(lines);
    private final Map<Font, Double> charWidths = new HashMap<>();
    private final List<String> source = new ArrayList<>();
    private final CodeViewModel model;
    private int columns = -1;
    /** The source line where the threads block, marked and kept in view; -1 for none. */
    private int focusLine = -1;

    public CodeView(CodeViewModel model) {
        this.model = model;
        getStyleClass().add("code-pane");
        caption.getStyleClass().add("code-caption");
        caption.setWrapText(true);
        caption.setMinHeight(USE_PREF_SIZE);
        caption.textProperty().bind(model.captionProperty());
        lines.getStyleClass().add("code-lines");
        scroll.getStyleClass().add("code-scroll");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setMinWidth(0);
        scroll.setMinHeight(0);
        setMinWidth(0);
        getChildren().addAll(caption, scroll);
        scroll.viewportBoundsProperty().addListener((o, a, b) -> {
            refit(false);
            if (a.getHeight() != b.getHeight() || a.getWidth() != b.getWidth()) {
                scrollToFocus();
            }
        });
        model.textProperty().addListener((o, a, text) -> show(text));
        model.focusProperty().addListener((o, a, b) -> show(model.text()));
        show(model.text());
    }

    private void show(String text) {
        source.clear();
        source.addAll(List.of(text.split("\n", -1)));
        lines.getChildren().clear();
        String focus = model.focusProperty().get();
        focusLine = -1;
        for (int i = 0; i < source.size() && focus != null && !focus.isEmpty(); i++) {
            if (source.get(i).contains(focus)) {
                focusLine = i;
                break;
            }
        }
        for (String line : source) {
            Label label = new Label();
            label.getStyleClass().add("code-line");
            if (lines.getChildren().size() == focusLine) {
                label.getStyleClass().add("code-focus");
            }
            label.setMinWidth(0);
            label.setWrapText(false);
            if (ScenarioCode.GAP.equals(line)) {
                label.getStyleClass().add("code-gap");
            }
            label.fontProperty().addListener((o, a, b) -> {
                refit(true);
                scrollToFocus();
            });
            lines.getChildren().add(label);
        }
        refit(true);
        scrollToFocus();
    }

    /**
     * Scrolls so that the line where the threads block stands three quarters down the pane, with the lock or loop it
     * is in above it (or as far as the code goes).
     * Every row has the font's height, so the row count places it: no layout pass needs to have run.
     */
    private void scrollToFocus() {
        if (focusLine < 0 || lines.getChildren().isEmpty()) {
            scroll.setVvalue(0);
            return;
        }
        int before = 0;
        int rows = 0;
        for (int i = 0; i < source.size(); i++) {
            int r = ((Label) lines.getChildren().get(i)).getText().split("\n", -1).length;
            before += i < focusLine ? r : 0;
            rows += r;
        }
        double row = rowHeight(((Label) lines.getChildren().get(0)).getFont());
        double viewport = scroll.getViewportBounds().getHeight();
        double content = rows * row + lines.getInsets().getTop() + lines.getInsets().getBottom();
        if (viewport <= 0 || content <= viewport) {
            scroll.setVvalue(0);
            return;
        }
        double top = Math.max(0, lines.getInsets().getTop() + before * row - viewport * 0.75);
        scroll.setVvalue(Math.min(1, top / (content - viewport)));
    }

    private static double rowHeight(Font font) {
        Text probe = new Text("Xg");
        probe.setFont(font);
        return probe.getLayoutBounds().getHeight();
    }

    /** Lays the source out for the pane's width in columns of its font; only when either changed. */
    private void refit(boolean always) {
        if (lines.getChildren().isEmpty()) {
            return;
        }
        Font font = ((Label) lines.getChildren().get(0)).getFont();
        double width = scroll.getViewportBounds().getWidth() - lines.getInsets().getLeft() - lines.getInsets().getRight();
        // before the first layout the pane has no width: lay out unwrapped until it has
        int fit = width <= 0 ? Integer.MAX_VALUE : Math.max(MIN_COLUMNS, (int) Math.floor(width / charWidth(font)));
        if (!always && fit == columns) {
            return;
        }
        columns = fit;
        for (int i = 0; i < source.size(); i++) {
            Label label = (Label) lines.getChildren().get(i);
            String line = source.get(i);
            int indent = Excerpt.indent(line);
            label.setPadding(new Insets(0, 0, 0, indent * charWidth(label.getFont())));
            label.setText(line.isBlank() ? " " : wrap(line.substring(indent), fit == Integer.MAX_VALUE ? fit : Math.max(MIN_COLUMNS, fit - indent)));
        }
    }

    /** {@code text} in lines of at most {@code width} columns, broken at spaces where it can be, continuations further in. */
    static String wrap(String text, int width) {
        StringBuilder out = new StringBuilder();
        String rest = text;
        int limit = width;
        while (rest.length() > limit) {
            int at = rest.lastIndexOf(' ', limit);
            boolean atSpace = at > limit / 3;
            // no space far enough in: break after a dot or parenthesis ("Target.|class"), as a last resort anywhere
            int cut = atSpace ? at : Math.max(Math.max(rest.lastIndexOf('.', limit - 1), rest.lastIndexOf('(', limit - 1)) + 1, 0);
            if (!atSpace && cut <= limit / 3) {
                cut = limit;
            }
            out.append(rest, 0, cut).append('\n').append(" ".repeat(CONTINUATION));
            rest = rest.substring(atSpace ? cut + 1 : cut);
            limit = Math.max(1, width - CONTINUATION);
        }
        return out.append(rest).toString();
    }

    private double charWidth(Font font) {
        return charWidths.computeIfAbsent(font, f -> {
            Text probe = new Text("0".repeat(10));
            probe.setFont(f);
            return probe.getLayoutBounds().getWidth() / 10;
        });
    }

    /** The source shown, exactly as the view model gave it (before any soft wrap). */
    public String sourceShown() {
        return String.join("\n", source);
    }

    /** The widest line on screen, in columns, continuation and indent included (tests: nothing overflows). */
    int widestLineColumns() {
        int widest = 0;
        for (int i = 0; i < source.size(); i++) {
            int indent = Excerpt.indent(source.get(i));
            for (String shown : ((Label) lines.getChildren().get(i)).getText().split("\n")) {
                widest = Math.max(widest, indent + shown.length());
            }
        }
        return widest;
    }

    /** The source line marked as where the threads block, or null. */
    public String focusedLine() {
        return focusLine < 0 ? null : source.get(focusLine);
    }

    /** The columns the pane lays the source out for (MAX_VALUE before it has a width). */
    int columns() { return columns; }

    public Label caption() { return caption; }

    public ScrollPane scroll() { return scroll; }
}
