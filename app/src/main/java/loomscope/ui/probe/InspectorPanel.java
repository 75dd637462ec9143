package loomscope.ui.probe;

import java.util.Locale;

import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import loomscope.probe.MountInspector.MountInspection;
import loomscope.probe.SnapshotInspector.Inspection;
import loomscope.probe.StackFrame;

/**
 * What a thread snapshot saw of the clicked thread cell or carrier lane (state, carrier, stack), or what the JDK's
 * witnesses said of a clicked mount (its cause, reason and stack).
 */
public final class InspectorPanel extends VBox {
    private final Label subject = new Label("Click a thread cell, a carrier lane or a mount in it.");
    private final Label when = new Label();
    private final Label state = new Label();
    private final Label carrier = new Label();
    private final ListView<String> stack = new ListView<>();
    /** To the line of your code the stack names, in the editor; shown only where there is one. */
    private final Hyperlink source = new Hyperlink();

    public InspectorPanel() {
        getStyleClass().add("side-panel");
        setSpacing(4);
        subject.setId("inspector-subject");
        when.setId("inspector-when");
        when.getStyleClass().add("text-muted");
        state.setId("inspector-state");
        carrier.setId("inspector-carrier");
        for (Label l : new Label[] {subject, when, state, carrier}) {
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
        }
        stack.setId("inspector-stack");
        stack.setPrefHeight(110);
        stack.setStyle("-fx-font-family: monospace; -fx-font-size: 12px;");
        stack.setPlaceholder(new Label("No stack"));
        source.setId("inspector-source");
        source.setWrapText(true);
        hideSource();
        getChildren().addAll(subject, when, state, carrier, source, stack);
    }

    /** Offers the jump to line {@code line} of your code ({@code className}.java), which {@code show} makes. */
    void showSource(String className, int line, Runnable show) {
        source.setText("Show line " + line + " of " + className + ".java in the editor");
        source.setOnAction(e -> show.run());
        source.setVisible(true);
        source.setManaged(true);
    }

    void hideSource() {
        source.setOnAction(null);
        source.setVisible(false);
        source.setManaged(false);
    }

    Hyperlink source() { return source; }

    void show(Inspection i, long runStart) {
        hideSource();
        subject.setText(i.subject());
        when.setText(i.snapshotAt() < 0 ? "" : String.format(Locale.ROOT, "snapshot at %.3f s (the newest at or before the instant shown)%s", seconds(i.snapshotAt(), runStart),
                i.stackFromEarlierPass() ? String.format(Locale.ROOT, "; stack from the pass at %.3f s (parked threads' stacks are taken in turn)",
                        seconds(i.stackTakenAt(), runStart)) : ""));
        state.setText("State: " + i.state());
        carrier.setText((i.subject().startsWith("loomscope-carrier-") ? "Mounted: " : "Carrier: ") + i.carrier());
        stack.getItems().setAll(i.stack().stream().map(StackFrame::toString).toList());
    }

    /** A mount clicked in a lane: its thread, carrier and times, whether it held the carrier and why, the witness's stack. */
    public void showMount(MountInspection m, long runStart) {
        hideSource();
        subject.setText(m.thread() + ": one mount");
        when.setText(String.format(Locale.ROOT, "mounted %.3f s to %.3f s (%.2f ms)%s", seconds(m.start(), runStart),
                seconds(m.end(), runStart), (m.end() - m.start()) / 1e6, m.blocked() == null ? "" : "; " + m.blocked()));
        state.setText("Held: " + m.held());
        carrier.setText("Carrier: " + m.carrier());
        stack.getItems().setAll(m.stack().stream().map(StackFrame::toString).toList());
    }

    private static double seconds(long t, long runStart) {
        return (t - Math.max(0, runStart)) / 1e9;
    }

    public String subjectText() { return subject.getText(); }

    String stateText() { return state.getText(); }

    String carrierText() { return carrier.getText(); }

    public ListView<String> stack() { return stack; }
}
