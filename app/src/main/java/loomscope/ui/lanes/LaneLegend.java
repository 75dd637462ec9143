package loomscope.ui.lanes;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import loomscope.picture.Look;
import loomscope.recording.VtState;
import loomscope.ui.theme.LegendSwatch;

/** Explains every colour of the carrier lanes, in the words of each {@link Look} (the clips' and cards' legends' too). */
public final class LaneLegend extends FlowPane {

    public LaneLegend() {
        getStyleClass().add("legend");
        item(LegendSwatch.stateStyleClass(VtState.RUNNING), Look.RUNNING.legend(),
                "A virtual thread mounted on this carrier and running its CPU work.");
        item(LegendSwatch.stateStyleClass(VtState.PINNED), Look.PINNED.legend(),
                "The mounted thread could not unmount (it sleeps or waits for its lock inside a pin): the carrier can run"
                + " nothing else. Red only where the JDK's witnesses call it a pin.");
        held = item(LegendSwatch.stateStyleClass(VtState.HELD), Look.HELD.legend(),
                "The mounted thread held its carrier blocked, and no witness has said why yet: JFR's events arrive about"
                + " a second later. It turns red (pinned), pink (captured), white or grey (stalled) or orange (unsure)"
                + " as soon as one does.");
        unsure = item(LegendSwatch.stateStyleClass(VtState.UNSURE), Look.UNSURE.legend(),
                "The carrier's clocks cannot tell whether the mounted thread blocked for 1 ms: it was also preempted, or"
                + " a garbage collection stopped it. Maybe pinned; never shown as not pinned.");
        captured = item(LegendSwatch.stateStyleClass(VtState.CAPTURED), Look.CAPTURED.legend(),
                "The mounted thread blocked in a system call (a file, a pipe, a socket): its carrier was held, but the JDK"
                + " does not call that a pin. Classed from JFR's I/O events and the stacks sampled while it was held.");
        stalled = item(LegendSwatch.stateStyleClass(VtState.STALLED), Look.STALLED.legend(),
                "The JVM held the carrier (a safepoint covered the block): nobody's code asked for the wait.");
        item("ls-swatch-idle", Look.IDLE.legend(), "No virtual thread is mounted on this carrier.");
        item("ls-swatch-pool-added", "added by pool",
                "A carrier beyond the parallelism that the pool started to compensate for a blocked one.");
        Label now = new Label("box: VT on the carrier at t");
        now.setTooltip(new Tooltip("The number of the virtual thread mounted on that carrier at the time shown;"
                + " the trail to its left is the carrier's last seconds."));
        getChildren().add(now);
        items.add(now);
        applyVisibility();
    }

    private final List<Node> items = new ArrayList<>();
    private final HBox unsure;
    private final HBox captured;
    private final HBox stalled;
    private final HBox held;
    private boolean itemsVisible = true;
    private boolean heldShown;
    private boolean unsureShown;
    private boolean capturedShown;
    private boolean stalledShown;

    /** Shows the captured and the stalled items where the run has such mounts (the JDK's witnesses classed them). */
    public void setCausesShown(boolean captured, boolean stalled) {
        if (captured != capturedShown || stalled != stalledShown) {
            capturedShown = captured;
            stalledShown = stalled;
            applyVisibility();
        }
    }

    /** Shows the "held, not yet classed" item while the run has such mounts. */
    public void setHeldShown(boolean shown) {
        if (shown != heldShown) {
            heldShown = shown;
            applyVisibility();
        }
    }

    public boolean heldShown() { return heldShown; }

    /** Shows the "unsure" item: only a run with unsure mounts needs it explained. */
    public void setUnsureShown(boolean shown) {
        if (shown != unsureShown) {
            unsureShown = shown;
            applyVisibility();
        }
    }

    public boolean unsureShown() { return unsureShown; }

    /** Hides or shows the colour items (not a title put in front of them). */
    public void setItemsVisible(boolean visible) {
        itemsVisible = visible;
        applyVisibility();
    }

    private void applyVisibility() {
        for (Node item : items) {
            boolean on = itemsVisible && (item != unsure || unsureShown) && (item != captured || capturedShown)
                    && (item != stalled || stalledShown) && (item != held || heldShown);
            item.setVisible(on);
            item.setManaged(on);
        }
    }

    private HBox item(String swatchClass, String text, String tip) {
        StackPane swatch = LegendSwatch.of(swatchClass);
        HBox box = new HBox(swatch, new Label(text));
        box.getStyleClass().add("legend-item");
        Tooltip.install(box, new Tooltip(tip));
        getChildren().add(box);
        items.add(box);
        return box;
    }
}
