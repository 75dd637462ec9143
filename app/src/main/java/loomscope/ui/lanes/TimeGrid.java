package loomscope.ui.lanes;

import java.util.List;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import loomscope.recording.TimeAxis;
import loomscope.ui.theme.Palette;

/**
 * The lanes' time grid: a line at each of the {@link TimeAxis}'s round ticks across the lanes, and its labels under
 * them at a size the window or a projector reads. The labels are painted only when they change
 * ({@link #sameLabels}); the lines every frame, under the mounts.
 */
final class TimeGrid {
    /** Room under the lanes for the labels at their ordinary size. */
    static final double AXIS_HEIGHT = 26;
    /** Grid lines a lane shows at most (plus one): enough to read a time off, few enough for 14-px labels at 1280 px. */
    private static final int MAX_TICKS = 8;

    private Font font = Font.font(LanesCanvas.AXIS_TEXT);
    private double height = AXIS_HEIGHT;

    /** Sets the labels' size; true if it changed (the labels must be painted again). */
    boolean setTextSize(double px) {
        if (px == font.getSize()) {
            return false;
        }
        font = Font.font(px);
        height = Math.max(AXIS_HEIGHT, Math.ceil(px * 1.3) + 8);
        return true;
    }

    /** The room the labels take under the lanes. */
    double height() { return height; }

    void paint(GraphicsContext gc, Palette palette, TimeAxis axis, long runStart, double x, double width,
               double lanesBottom, boolean withLabels) {
        // grid lines as 1-px rectangles: strokeLine goes through the anti-aliasing rasterizer, which profiling
        // showed as a third of the software pipeline's render time per frame
        List<TimeAxis.Tick> ticks = axis.ticks(runStart, MAX_TICKS);
        gc.setFill(palette.grid());
        for (TimeAxis.Tick tick : ticks) {
            gc.fillRect(Math.floor(axis.x(tick.time(), x, width)), 0, 1, lanesBottom);
        }
        if (!withLabels) {
            return;
        }
        gc.setFill(palette.mutedText());
        gc.setFont(font);
        gc.setTextBaseline(VPos.TOP);
        for (TimeAxis.Tick tick : ticks) {
            double at = Math.floor(axis.x(tick.time(), x, width));
            // the first and the last label stay inside the lanes' width
            gc.setTextAlign(at <= x + 1 ? TextAlignment.LEFT : at >= x + width - 1 ? TextAlignment.RIGHT : TextAlignment.CENTER);
            gc.fillText(tick.label(), at, lanesBottom + 4);
        }
        gc.setTextAlign(TextAlignment.LEFT);
    }

    /** Whether two frames' axes carry the same labels: sliding ones always do, fixed ones when they are the same. */
    static boolean sameLabels(TimeAxis a, TimeAxis b) {
        return b != null && a.sliding() == b.sliding() && a.span() == b.span() && (a.sliding() || a.start() == b.start());
    }
}
