package loomscope.ui.widgets;

import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Region;

/**
 * A region that is one canvas, sized to the region's whole pixels (a fractional size would blur every line drawn on
 * it). The lanes and the thread field are drawn this way.
 */
public abstract class CanvasRegion extends Region {
    private final Canvas canvas = new Canvas();

    protected CanvasRegion(double minWidth, double minHeight, double prefWidth, double prefHeight) {
        getStyleClass().add("canvas-host");
        getChildren().add(canvas);
        setMinSize(minWidth, minHeight);
        setPrefSize(prefWidth, prefHeight);
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(Math.floor(getWidth()));
        canvas.setHeight(Math.floor(getHeight()));
    }

    public Canvas canvas() { return canvas; }
}
