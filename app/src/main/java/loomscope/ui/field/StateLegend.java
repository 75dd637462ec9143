package loomscope.ui.field;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import loomscope.recording.VtState;
import loomscope.ui.theme.LegendSwatch;
import loomscope.ui.widgets.LayoutBarrier;

/** What each colour of the thread field means, with how many threads are in that state right now. */
public final class StateLegend extends FlowPane {
    private final Label[] counts = new Label[VtState.COUNT];
    private final int[] shown = new int[VtState.COUNT];
    private final HBox[] items = new HBox[VtState.COUNT];
    private Set<VtState> shownStates = EnumSet.allOf(VtState.class);
    private boolean itemsVisible = true;
    /** Whether a thread was unsure since the states were last set (a recording's legend keeps the item once shown). */
    private boolean unsureSeen;
    /** Captured and stalled, once a thread was in them since the states were last set: kept, as unsure is. */
    private final Set<VtState> causesSeen = EnumSet.noneOf(VtState.class);

    public StateLegend() {
        getStyleClass().add("legend");
        for (VtState s : VtState.values()) {
            StackPane swatch = LegendSwatch.of(LegendSwatch.stateStyleClass(s));
            Label name = new Label(s.label());
            Label count = new Label("0");
            count.setId("count-" + s.label());
            count.setStyle("-fx-font-family: monospace; -fx-font-weight: bold;");
            HBox item = new HBox(swatch, name, new LayoutBarrier(count, 64, 22));
            item.getStyleClass().add("legend-item");
            Tooltip.install(item, new Tooltip(s.meaning()));
            counts[s.ordinal()] = count;
            shown[s.ordinal()] = -1;
            items[s.ordinal()] = item;
            getChildren().add(item);
        }
        showStates(EnumSet.complementOf(EnumSet.of(VtState.WAITING, VtState.UNMOUNTED)));
    }

    /** Which states apply: WAITING only exists when mounts are not recorded, the others only when they are. */
    public void showStates(Set<VtState> states) {
        shownStates = EnumSet.copyOf(states);
        unsureSeen = false;
        causesSeen.clear();
        applyVisibility();
    }

    /** Shows the "unsure" item from now on (the recording has unsure mounts, perhaps not yet on screen). */
    public void showUnsure() {
        if (!unsureSeen) {
            unsureSeen = true;
            applyVisibility();
        }
    }

    /** Hides or shows all items (not a title put in front of them). */
    public void setItemsVisible(boolean visible) {
        itemsVisible = visible;
        applyVisibility();
    }

    private void applyVisibility() {
        for (VtState s : VtState.values()) {
            // "stopped" exists only in a run that was stopped: shown once a thread is in it
            // "unsure" only in a run with a mount its carrier's clocks could not judge: kept once it appeared, so that
            // the legend does not jump each time a replay passes one
            boolean on = itemsVisible && shownStates.contains(s) && (s != VtState.STOPPED || shown[s.ordinal()] > 0)
                    && (s != VtState.UNSURE || unsureSeen)
                    && (!isCause(s) || causesSeen.contains(s));
            items[s.ordinal()].setVisible(on);
            items[s.ordinal()].setManaged(on);
        }
    }

    /** Sets a count; touches the label only when the number changed. */
    public void setCount(VtState state, int n) {
        int i = state.ordinal();
        if (shown[i] != n) {
            boolean stoppedAppears = state == VtState.STOPPED && (shown[i] > 0) != (n > 0);
            boolean unsureAppears = state == VtState.UNSURE && n > 0 && !unsureSeen;
            unsureSeen |= unsureAppears;
            boolean causeAppears = isCause(state) && n > 0 && causesSeen.add(state);
            shown[i] = n;
            // a million does not fit the count's fixed width (kept fixed so that counting never re-lays the legend)
            counts[i].setText(n < 1_000_000 ? String.format("%,d", n) : String.format(Locale.ROOT, "%.2fM", n / 1e6));
            if (stoppedAppears || unsureAppears || causeAppears) {
                applyVisibility();
            }
        }
    }

    /** Captured, stalled and held: classed from the JDK's witnesses, shown once a thread was in one. */
    private static boolean isCause(VtState s) {
        return s == VtState.CAPTURED || s == VtState.STALLED || s == VtState.HELD;
    }

    /** Whether the legend shows {@code state}'s item. */
    public boolean showing(VtState state) { return items[state.ordinal()].isVisible(); }

    public String countText(VtState state) { return counts[state.ordinal()].getText(); }
}
