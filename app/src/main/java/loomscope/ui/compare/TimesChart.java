package loomscope.ui.compare;

import java.util.Locale;

import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import loomscope.picture.PictureTheme;
import loomscope.recording.RunSummary;
import loomscope.ui.theme.Palette;

/**
 * Two horizontal bars, one per side: its total execution time, to scale, red when the run pinned its
 * carriers and green when it did not (from the recording's pinned-mount count, not from the JDK's name).
 * Redrawn only when a result or the size changes.
 */
public final class TimesChart extends Region {
    private static final double LABEL_WIDTH = 430;
    private static final double VALUE_WIDTH = 140;

    private final Canvas canvas = new Canvas();
    private final Font labelFont = Font.font(17);
    private final Font valueFont = Font.font("monospace", FontWeight.BOLD, 20);
    private Palette palette = Palette.of(PictureTheme.DARK);
    private RunSummary left;
    private RunSummary right;
    private String leftLabel = "";
    private String rightLabel = "";

    public TimesChart() {
        getStyleClass().add("canvas-host");
        getChildren().add(canvas);
        setMinHeight(110);
        setPrefHeight(120);
        widthProperty().addListener((o, a, b) -> redraw());
        heightProperty().addListener((o, a, b) -> redraw());
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(Math.floor(getWidth()));
        canvas.setHeight(Math.floor(getHeight()));
    }

    public void setPalette(Palette p) {
        this.palette = p;
        redraw();
    }

    /** Either summary may be null (not run, or still running). */
    public void show(String leftLabel, RunSummary left, String rightLabel, RunSummary right) {
        this.leftLabel = leftLabel;
        this.rightLabel = rightLabel;
        this.left = left;
        this.right = right;
        redraw();
    }

    /** Drawn bar lengths in pixels (0 when absent): for tests. */
    public double[] barWidths() {
        double max = maxSeconds();
        double w = barArea();
        return new double[] {width(left, max, w), width(right, max, w)};
    }

    private double maxSeconds() {
        double max = 0;
        for (RunSummary s : new RunSummary[] {left, right}) {
            if (s != null) {
                max = Math.max(max, s.wallMillis() / 1000);
            }
        }
        return max;
    }

    private double barArea() { return Math.max(0, canvas.getWidth() - LABEL_WIDTH - VALUE_WIDTH - 24); }

    private static double width(RunSummary s, double max, double area) {
        return s == null || max <= 0 ? 0 : Math.max(2, area * (s.wallMillis() / 1000) / max);
    }

    private void redraw() {
        layoutChildren();
        GraphicsContext gc = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        gc.setFill(palette.background());
        gc.fillRect(0, 0, w, h);
        double rowH = (h - 12) / 2;
        double max = maxSeconds();
        row(gc, 6, rowH, leftLabel, left, max);
        row(gc, 6 + rowH, rowH, rightLabel, right, max);
    }

    private void row(GraphicsContext gc, double y, double rowH, String label, RunSummary s, double max) {
        double barH = Math.min(40, rowH - 10);
        double mid = y + rowH / 2;
        gc.setTextBaseline(VPos.CENTER);
        gc.setFont(labelFont);
        gc.setFill(palette.text());
        gc.fillText(label, 12, mid, LABEL_WIDTH - 20);
        gc.setFill(palette.laneBackground());
        gc.fillRect(LABEL_WIDTH, mid - barH / 2, barArea(), barH);
        if (s == null) {
            gc.setFill(palette.mutedText());
            gc.fillText("—", LABEL_WIDTH + 8, mid);
            return;
        }
        Color bar = s.pinnedMounts() > 0 ? palette.pinned() : palette.running();
        gc.setFill(bar);
        gc.fillRect(LABEL_WIDTH, mid - barH / 2, width(s, max, barArea()), barH);
        gc.setFont(valueFont);
        gc.setFill(palette.text());
        gc.fillText(String.format(Locale.ROOT, "%.3f s", s.wallMillis() / 1000), LABEL_WIDTH + barArea() + 12, mid);
    }
}
