package loomscope.ui.widgets;

import javafx.scene.Node;
import javafx.scene.layout.Region;

/**
 * Holds a node whose content changes every frame (a clock, a count, a scrubber) so that its changes do not
 * re-layout the whole window: the child is unmanaged, which makes it its own layout root, and this box has a
 * fixed preferred size. Measured: without it every clock tick laid out the full scene graph each pulse.
 */
public final class LayoutBarrier extends Region {
    private final Node child;

    public LayoutBarrier(Node child, double prefWidth, double prefHeight) {
        this.child = child;
        child.setManaged(false);
        getChildren().add(child);
        setPrefSize(prefWidth, prefHeight);
        setMinSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
    }

    /** Lets the box grow horizontally (e.g. a scrubber in an HBox with hgrow). */
    public LayoutBarrier growable() {
        setMinWidth(60);
        setMaxWidth(Double.MAX_VALUE);
        return this;
    }

    @Override
    protected void layoutChildren() {
        child.resizeRelocate(0, 0, getWidth(), getHeight());
    }
}
