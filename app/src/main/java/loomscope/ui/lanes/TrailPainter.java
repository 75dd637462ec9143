package loomscope.ui.lanes;

import javafx.scene.canvas.GraphicsContext;

/**
 * Paints horizontal spans of one colour, merging spans that touch within a pixel: a lane with 10,000
 * sub-pixel mounts costs at most one rectangle per pixel column, and the fill is set once per group.
 */
final class TrailPainter {
    /** Where the merged rectangles go: the lane's canvas, or a test's list. */
    @FunctionalInterface
    interface Rects {
        void fill(double x, double y, double w, double h);
    }

    private Rects rects;
    private double y;
    private double height;
    private double runStart = Double.NaN;
    private double runEnd;
    private double maxX;

    /** Spans are clipped at {@code maxX}: the canvas keeps pixels outside the trail between frames. */
    void begin(GraphicsContext gc, double y, double height, double maxX) {
        begin(gc::fillRect, y, height, maxX);
    }

    void begin(Rects rects, double y, double height, double maxX) {
        this.rects = rects;
        this.y = y;
        this.height = height;
        this.maxX = maxX;
        this.runStart = Double.NaN;
    }

    /** A span [x0, x1) in pixels; spans must come in increasing x0 order. Drawn at least one pixel wide. */
    void span(double x0, double x1) {
        double end = Math.max(x1, x0 + 1);
        if (!Double.isNaN(runStart) && x0 <= runEnd + 1) {
            runEnd = Math.max(runEnd, end);
            return;
        }
        flush();
        runStart = x0;
        runEnd = end;
    }

    /**
     * The right edge of what a span ending at or before it would only repaint: a span [x0, x1) with x1 at or left of
     * this (so x0 too) merges into the run now open without widening it. NaN when no run is open.
     */
    double coveredTo() {
        return Double.isNaN(runStart) ? Double.NaN : runEnd - 1;
    }

    void end() {
        flush();
        runStart = Double.NaN;
    }

    private void flush() {
        if (!Double.isNaN(runStart)) {
            double end = Math.min(runEnd, maxX);
            if (end > runStart) {
                rects.fill(runStart, y, end - runStart, height);
            }
        }
    }
}
