package loomscope.ui.recordingview;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.ui.theme.Palette;
import loomscope.ui.widgets.CanvasRegion;

/**
 * The whole session in one strip under the lanes: in each pixel column, how many carriers ran a mount then (a bar, as
 * tall as the share of carriers busy), and over it the range the lanes show, as a frame to drag. The busy counts come
 * from each carrier's time-sorted log (a binary search a column and carrier), recounted only when the session grew by a
 * pixel or the strip changed width, never per mount.
 */
final class OverviewStrip extends CanvasRegion {
    /** Thin: at 1280×720 the lanes keep 100 px under it (ProjectorSizesLayoutTest). */
    static final double HEIGHT = 18;
    /** Where the lanes' trail lies, so that the strip's time lines up under it. */
    private double left;
    private double rightMargin;
    private int[] busy = new int[0];
    private int carriers;
    private Counted counted = new Counted(null, 0, 0, 0, 0, 0);

    /** What the busy counts were last counted for: the run, the session [start, end), the strip's width, its mounts, when. */
    private record Counted(RunRecording run, long start, long end, double width, int mounts, long atNanos) {
        /** At once for another run, start or width; for a grown session or more mounts, half a second after the last count. */
        boolean staleFor(RunRecording r, long start, long end, double width, int mounts, long nowNanos) {
            return r != run || start != this.start || width != this.width
                    || (end != this.end || mounts != this.mounts) && nowNanos - atNanos > 500_000_000L;
        }
    }

    OverviewStrip() {
        super(100, HEIGHT, 1200, HEIGHT);
        setMaxHeight(HEIGHT);
        setId("time-overview");
    }

    /** The lanes' trail starts {@code left} px in and ends {@code rightMargin} px before the right edge. */
    void align(double left, double rightMargin) {
        this.left = left;
        this.rightMargin = rightMargin;
    }

    double trailX() { return left; }

    double trailWidth() { return Math.max(1, canvas().getWidth() - left - rightMargin); }

    /** The session time under x, the strip spanning [start, end). */
    long timeAt(double x, long start, long end) {
        double f = Math.max(0, Math.min(1, (x - left) / trailWidth()));
        return start + (long) (f * (end - start));
    }

    /** Draws the session [start, end) of {@code r} and the visible range {@code shown}; recounts at most twice a second. */
    void draw(RunRecording r, long start, long end, TimeAxis shown, Palette palette, long nowNanos) {
        double w = canvas().getWidth();
        double h = canvas().getHeight();
        GraphicsContext gc = canvas().getGraphicsContext2D();
        gc.setFill(palette.background());
        gc.fillRect(0, 0, w, h);
        if (r == null || w <= left + rightMargin || end <= start) {
            return;
        }
        int columns = (int) trailWidth();
        int mounts = mountsIn(r);
        if (columns != busy.length || counted.staleFor(r, start, end, w, mounts, nowNanos)) {
            count(r, start, end, columns);
            counted = new Counted(r, start, end, w, mounts, nowNanos);
        }
        gc.setFill(palette.laneBackground());
        gc.fillRect(left, 0, columns, h);
        // the counted part of the strip: while the session grows, its newest half second is drawn at the next count
        double countedTo = left + columns * Math.min(1.0, (double) (counted.end() - start) / (end - start));
        gc.setFill(palette.running());
        double barRoom = h - 3;
        for (int c = 0; c < columns && left + c < countedTo; c++) {
            if (busy[c] > 0) {
                double bar = Math.max(1, barRoom * busy[c] / Math.max(1, carriers));
                gc.fillRect(left + c, h - 1.5 - bar, 1, bar);
            }
        }
        double x0 = left + (shown.start() - start) * (double) columns / (end - start);
        double x1 = left + (shown.end() - start) * (double) columns / (end - start);
        x0 = Math.max(left, Math.min(left + columns - 3, x0));
        x1 = Math.max(x0 + 3, Math.min(left + columns, x1));
        gc.setFill(Color.color(palette.text().getRed(), palette.text().getGreen(), palette.text().getBlue(), 0.18));
        gc.fillRect(x0, 0, x1 - x0, h);
        gc.setStroke(palette.text());
        gc.setLineWidth(2);
        gc.strokeRect(x0 + 1, 1, Math.max(1, x1 - x0 - 2), h - 2);
    }

    /** Busy carriers per column (the share of the strip's counted bars). */
    int busyAt(int column) { return column >= 0 && column < busy.length ? busy[column] : 0; }

    private static int mountsIn(RunRecording r) {
        int n = 0;
        for (CarrierLog log : r.carriers()) {
            n += log.size();
        }
        return n;
    }

    private void count(RunRecording r, long start, long end, int columns) {
        if (busy.length != columns) {
            busy = new int[columns];
        } else {
            java.util.Arrays.fill(busy, 0);
        }
        CarrierLog[] logs = r.carriers();
        carriers = logs.length;
        double perColumn = (double) (end - start) / columns;
        for (CarrierLog log : logs) {
            int size = log.size();
            int i = 0;
            for (int c = 0; c < columns && i < size; c++) {
                long a = start + (long) (c * perColumn);
                long b = start + (long) ((c + 1) * perColumn);
                // the first mount ending after the column's start: it ran in the column if it began before its end
                if (log.end(i) <= a) {
                    i = log.firstEndingAfter(a);
                    if (i >= size) {
                        break;
                    }
                }
                if (log.start(i) < b) {
                    busy[c]++;
                }
            }
        }
    }
}
