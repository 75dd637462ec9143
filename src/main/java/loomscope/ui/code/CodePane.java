package loomscope.ui.code;

import java.util.HashMap;
import java.util.Map;

import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * The read-only code pane: the caption (which files and methods), then the source, one label per line in a
 * monospace font. A line too long for the pane wraps under its own first character (a hanging indent), so that
 * nothing is cut off and the block structure stays readable at any width; the pane scrolls when the text is
 * taller than the room it is given, and never asks for more width than its parent gives it. Bound to a
 * {@link CodeViewModel}, nothing else.
 */
public final class CodePane extends VBox {
    private final Label caption = new Label();
    private final VBox lines = new VBox();
    private final ScrollPane scroll = new ScrollPane(lines);
    private final Map<Font, Double> charWidths = new HashMap<>();

    public CodePane(CodeViewModel model) {
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
        setMinHeight(0);
        getChildren().addAll(caption, scroll);
        model.textProperty().addListener((o, a, text) -> show(text));
        show(model.text());
    }

    private void show(String text) {
        lines.getChildren().clear();
        for (String line : text.split("\n", -1)) {
            int indent = Excerpt.indent(line);
            Label label = new Label(line.isBlank() ? " " : line.substring(indent));
            label.getStyleClass().add("code-line");
            label.setWrapText(true);
            label.setMinWidth(0);
            label.setMaxWidth(Double.MAX_VALUE);
            if (ScenarioCode.GAP.equals(line)) {
                label.getStyleClass().add("code-gap");
            }
            if (indent > 0) {
                label.paddingProperty().bind(Bindings.createObjectBinding(
                        () -> new Insets(0, 0, 0, indent * charWidth(label.getFont())), label.fontProperty()));
            }
            lines.getChildren().add(label);
        }
        scroll.setVvalue(0);
    }

    private double charWidth(Font font) {
        return charWidths.computeIfAbsent(font, f -> {
            Text probe = new Text("0".repeat(10));
            probe.setFont(f);
            return probe.getLayoutBounds().getWidth() / 10;
        });
    }

    /** The source as shown, line by line with its indentation (the labels hold it dedented per line). */
    public String shownText() {
        java.util.List<String> shown = new java.util.ArrayList<>();
        for (var node : lines.getChildren()) {
            Label l = (Label) node;
            double pad = l.getPadding().getLeft();
            int indent = pad <= 0 ? 0 : (int) Math.round(pad / charWidth(l.getFont()));
            shown.add(l.getText().isBlank() ? "" : " ".repeat(indent) + l.getText());
        }
        return String.join("\n", shown);
    }

    public Label caption() { return caption; }

    public ScrollPane scroll() { return scroll; }
}
