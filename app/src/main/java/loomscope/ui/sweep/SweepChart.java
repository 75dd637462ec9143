package loomscope.ui.sweep;

import java.util.List;
import java.util.Locale;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.WeakChangeListener;
import javafx.collections.ListChangeListener;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;
import loomscope.recording.VtState;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;
import loomscope.workload.ThreadKind;

/**
 * The sweep's time against size, one line per thread kind (virtual in the parked blue, platform in the blocked
 * amber), every dot a recorded run and labelled with its time. The x axis spaces the planned sizes evenly (they
 * are the seed's own, not a scale); the y axis starts at 0. One canvas, redrawn only when a point arrives, the
 * size or the theme changes.
 */
public final class SweepChart extends Region {
    private static final double LEFT = 84;
    private static final double RIGHT = 30;
    private static final double TOP = 44;
    private static final double BOTTOM = 64;

    private final Canvas canvas = new Canvas();
    private final Font axisFont = Font.font(15);
    private final Font valueFont = Font.font("monospace", FontWeight.BOLD, 14);
    private final SweepViewModel model;
    private int dotsDrawn;

    public SweepChart(SweepViewModel model) {
        this.model = model;
        getStyleClass().add("canvas-host");
        getChildren().add(canvas);
        setMinSize(400, 260);
        setPrefSize(1100, 560);
        widthProperty().addListener((o, a, b) -> redraw());
        heightProperty().addListener((o, a, b) -> redraw());
        model.results().addListener((ListChangeListener<SweepViewModel.Result>) c -> redraw());
        model.planProperty().addListener((o, a, b) -> redraw());
        AppTheme.currentProperty().addListener(new WeakChangeListener<>(themeChanged));
    }

    private final ChangeListener<AppTheme> themeChanged = (o, a, b) -> redraw();

    @Override
    protected void layoutChildren() {
        canvas.setWidth(Math.floor(getWidth()));
        canvas.setHeight(Math.floor(getHeight()));
    }

    /** How many dots (recorded runs) the last frame drew: for tests. */
    public int dotsDrawn() { return dotsDrawn; }

    void redraw() {
        layoutChildren();
        Palette palette = Palette.of(AppTheme.current().picture());
        GraphicsContext gc = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        gc.setFill(palette.background());
        gc.fillRect(0, 0, w, h);
        dotsDrawn = 0;
        SweepPlan plan = model.planProperty().get();
        if (plan == null || w < LEFT + RIGHT + 20 || h < TOP + BOTTOM + 20) {
            return;
        }
        List<Integer> sizes = plan.points().stream().map(SweepPlan.Point::x).distinct().toList();
        double maxSeconds = model.results().stream().mapToDouble(SweepViewModel.Result::seconds).max().orElse(1);
        double top = niceCeiling(maxSeconds);
        double plotW = w - LEFT - RIGHT;
        double plotH = h - TOP - BOTTOM;
        axes(gc, palette, plan, sizes, top, plotW, plotH);
        for (ThreadKind kind : ThreadKind.values()) {
            Color colour = kind == ThreadKind.VIRTUAL ? palette.of(VtState.PARKED) : palette.of(VtState.BLOCKED);
            series(gc, palette, kind, colour, sizes, top, plotW, plotH);
        }
        legend(gc, palette, w);
    }

    private void axes(GraphicsContext gc, Palette palette, SweepPlan plan, List<Integer> sizes, double top,
                      double plotW, double plotH) {
        gc.setStroke(palette.mutedText());
        gc.setLineWidth(1);
        gc.strokeLine(LEFT, TOP, LEFT, TOP + plotH);
        gc.strokeLine(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH);
        gc.setFont(axisFont);
        gc.setFill(palette.text());
        gc.setTextBaseline(VPos.CENTER);
        gc.setTextAlign(TextAlignment.RIGHT);
        for (int i = 0; i <= 4; i++) {
            double s = top * i / 4;
            double y = TOP + plotH - plotH * i / 4;
            gc.fillText(String.format(Locale.ROOT, "%.2f s", s), LEFT - 8, y);
            if (i > 0) {
                gc.setStroke(palette.laneBackground());
                gc.strokeLine(LEFT + 1, y, LEFT + plotW, y);
            }
        }
        gc.setTextAlign(TextAlignment.CENTER);
        gc.setTextBaseline(VPos.TOP);
        for (int i = 0; i < sizes.size(); i++) {
            gc.fillText(String.format(Locale.ROOT, "%,d", sizes.get(i)), x(i, sizes.size(), plotW), TOP + plotH + 8);
        }
        gc.fillText(plan.xLabel(), LEFT + plotW / 2, TOP + plotH + 34);
        gc.setTextAlign(TextAlignment.LEFT);
        // which JVM ran the points: a sweep on JDK 21 and one on this JDK look nothing alike
        String jdk = model.results().isEmpty() ? "" : "Recorded on Java " + model.results().get(0).jdk().split("\\+")[0];
        gc.fillText(jdk, LEFT, 8);
    }

    private void series(GraphicsContext gc, Palette palette, ThreadKind kind, Color colour, List<Integer> sizes,
                        double top, double plotW, double plotH) {
        gc.setStroke(colour);
        gc.setLineWidth(3);
        double lastX = Double.NaN;
        double lastY = Double.NaN;
        for (SweepViewModel.Result r : model.results()) {
            if (r.kind() != kind) {
                continue;
            }
            double x = x(sizes.indexOf(r.x()), sizes.size(), plotW);
            double y = TOP + plotH - plotH * r.seconds() / top;
            if (!Double.isNaN(lastX)) {
                gc.strokeLine(lastX, lastY, x, y);
            }
            gc.setFill(colour);
            gc.fillOval(x - 6, y - 6, 12, 12);
            if (!r.completed()) {
                gc.setStroke(palette.pinned());
                gc.strokeOval(x - 9, y - 9, 18, 18);
                gc.setStroke(colour);
            }
            gc.setFont(valueFont);
            gc.setFill(palette.text());
            gc.setTextAlign(TextAlignment.CENTER);
            gc.setTextBaseline(kind == ThreadKind.VIRTUAL ? VPos.BOTTOM : VPos.TOP);
            gc.fillText(String.format(Locale.ROOT, "%.2f", r.seconds()), x, kind == ThreadKind.VIRTUAL ? y - 9 : y + 9);
            lastX = x;
            lastY = y;
            dotsDrawn++;
        }
    }

    private void legend(GraphicsContext gc, Palette palette, double w) {
        gc.setFont(axisFont);
        gc.setTextBaseline(VPos.CENTER);
        gc.setTextAlign(TextAlignment.LEFT);
        double x = w - RIGHT;
        for (ThreadKind kind : List.of(ThreadKind.PLATFORM, ThreadKind.VIRTUAL)) {
            String label = kind.cliName() + " threads";
            Text probeText = new Text(label);
            probeText.setFont(axisFont);
            x -= probeText.getLayoutBounds().getWidth() + 18;
            gc.setFill(kind == ThreadKind.VIRTUAL ? palette.of(VtState.PARKED) : palette.of(VtState.BLOCKED));
            gc.fillOval(x, 24, 12, 12);
            gc.setFill(palette.text());
            gc.fillText(label, x + 18, 30);
            x -= 28;
        }
    }

    private static double x(int index, int count, double plotW) {
        return LEFT + plotW * (index + 0.5) / count;
    }

    /** 1, 2 or 5 times a power of ten, at least {@code v}: round gridlines. */
    static double niceCeiling(double v) {
        if (v <= 0) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }
}
