package loomscope.ui.lanes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import loomscope.picture.LaneLooks;
import loomscope.picture.Look;
import loomscope.picture.PictureTheme;
import loomscope.picture.StateTimeline;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.ui.theme.HatchPaint;
import loomscope.ui.theme.Palette;
import loomscope.ui.widgets.CanvasRegion;

/**
 * One canvas, one lane per carrier: on the right the thread mounted at time t in its box, to its left a Gantt trail of
 * the carrier over the axis. Each pixel column of a trail, and each box, is in the {@link Look} that core's {@link
 * LaneLooks} decides (the cards and clips ask it too): running is a short green tick, the part of a mount spent blocked
 * while holding the carrier a full-height red bar (so a pinned carrier reads as one long red bar), unsure a hatched
 * orange one, captured, stalled and held their own colours, full height; the most severe look of a column wins and
 * every mount reaches at least one column, so no pin is hidden by the scale. Everything comes from the recording's
 * carrier logs; works for any {@link RunRecording}.
 */
public final class LanesCanvas extends CanvasRegion {
    public static final double LABEL_WIDTH = 200;
    static final double NOW_WIDTH = 150;
    private static final double MAX_LANE_HEIGHT = 120;

    private final Canvas canvas;
    /** Decides each pixel column's look (the one rule the cards and clips use too); reused, allocates nothing. */
    private final LaneLooks looks = new LaneLooks();
    /** This frame's looks, lane after lane, a byte a pixel column. */
    private byte[] columns = new byte[0];
    /** Whether a frame since {@link #forgetUnsureSeen()} painted an unsure column (the legend then explains the hatch). */
    private boolean unsurePainted;
    private final NumberLabels vtLabels = new NumberLabels("VT ");
    private final NumberLabels carrierLabels = new NumberLabels("carrier ");
    private final CarrierNames names = new CarrierNames(carrierLabels);
    private Palette palette = Palette.of(PictureTheme.DARK);
    /** How each look is painted in this theme, by ordinal: made once per theme change, never per frame. */
    private Paint[] lookPaints = lookPaints(palette);
    private long trailNanos = 4_000_000_000L;
    /** A finished run shown whole (the default) rather than as the trail before t. */
    private boolean fitFinished = true;
    private long fitSpanAtLeast;
    private Font laneFont = Font.font(18);
    private Font nowFont = Font.font("monospace", FontWeight.BOLD, 22);
    private Font smallFont = Font.font(13);
    /** The time axis's labels in the window, px. */
    public static final double AXIS_TEXT = 14;
    private final TimeGrid grid = new TimeGrid();
    private double fontForHeight = -1;

    // what the last frame showed, per lane: read by tests and exports, never by drawing
    private int[] occupants = new int[0];
    /** The look of each lane's box in the last frame. */
    private Look[] boxLooks = new Look[0];
    private int laneCount;
    private long drawnAt = -1;
    private Overlay overlay;
    private final List<Overlay> moreOverlays = new ArrayList<>();
    private LaneGeometry geometry;
    private RunRecording drawnRecording;
    private int selectedCarrier = -1;
    private int selectedMount = -1;

    /** Drawn over the lanes in the same frame and on the same time scale (the probes draw JFR's events so). */
    public interface Overlay {
        void paint(GraphicsContext gc, LaneGeometry lanes);
    }

    /**
     * Where the last frame put its lanes and its time axis: lane i spans y in [i*laneStep, i*laneStep+laneHeight);
     * the lanes show [t0, t] of the recording's clock on an {@code axis} that may reach past t (a whole run in replay).
     */
    public record LaneGeometry(long t0, long t, TimeAxis axis, double trailX, double trailWidth, double laneStep,
                               double laneHeight, int lanes) {
        public double x(long time) { return axis.x(time, trailX, trailWidth); }
    }

    public void setOverlay(Overlay overlay) { this.overlay = overlay; }

    /** Another overlay, drawn after {@link #setOverlay}'s (the Where table's marks over the probes' JFR band). */
    public void addOverlay(Overlay more) { this.moreOverlays.add(more); }

    /** The recording time under {@code x} in the last frame, or -1 left or right of the lanes' trail. */
    public long timeAt(double x) {
        LaneGeometry g = geometry;
        if (g == null || x < g.trailX() || x > g.trailX() + g.trailWidth() || g.trailWidth() <= 0) {
            return -1;
        }
        return g.axis().start() + (long) ((x - g.trailX()) / g.trailWidth() * g.axis().span());
    }

    /** The lane at height {@code y} in the last frame, or -1. */
    public int laneAt(double y) {
        LaneGeometry g = geometry;
        if (g == null || y < 0) {
            return -1;
        }
        int lane = (int) (y / g.laneStep());
        return lane < g.lanes() && y - lane * g.laneStep() < g.laneHeight() ? lane : -1;
    }
    // what the static layer (background, labels, axis) was painted for
    private double staticW = -1;
    private double staticH = -1;
    private int staticLanes = -1;
    private Palette staticPalette;
    private RunRecording staticRecording;
    private TimeAxis staticAxis;
    private double drawnLaneStep;
    private double drawnLaneHeight;

    public LanesCanvas() {
        super(400, 120, 1200, 420);
        canvas = canvas();
    }

    /** Once per theme change: the looks' paints (the unsure hatch among them) are made here, never per frame. */
    public void setPalette(Palette palette) {
        if (palette != this.palette) {
            this.palette = palette;
            lookPaints = lookPaints(palette);
        }
    }

    private static Paint[] lookPaints(Palette palette) {
        Paint[] paints = new Paint[Look.COUNT];
        for (Look look : Look.values()) {
            paints[look.ordinal()] = look == Look.IDLE ? palette.idle() : look.hatched()
                    ? HatchPaint.of(palette.of(look.state())) : palette.of(look.state());
        }
        return paints;
    }

    /** The height that shows {@code lanes} lanes at their largest, with the time axis. */
    public double heightFor(int lanes) {
        return heightFor(lanes, MAX_LANE_HEIGHT);
    }

    /** The height {@code lanes} lanes of {@code laneHeight} each take, with the time axis. */
    public double heightFor(int lanes, double laneHeight) {
        return Math.max(1, lanes) * laneHeight + grid.height() + 8;
    }

    /** The time axis's labels in {@code px} (14 in the window; presentation mode asks for projector size). */
    public void setAxisTextSize(double px) {
        if (grid.setTextSize(px)) {
            staticW = -1;   // labelled again in the next frame
        }
    }

    public void setTrailSeconds(double seconds) { this.trailNanos = (long) (seconds * 1e9); }

    public double trailSeconds() { return trailNanos / 1e9; }

    /**
     * A finished run shown whole spans at least this long (0: exactly its own length): the compare view gives both
     * sides the longer run's span, so that the shorter run looks shorter.
     */
    public void setFitSpanAtLeast(long nanos) { this.fitSpanAtLeast = Math.max(0, nanos); }

    /** Whether a finished run is shown whole (true) or as the trail before t; the next frame follows. */
    public void setFitFinished(boolean fit) { this.fitFinished = fit; }

    public boolean fitFinished() { return fitFinished; }


    /** Lanes drawn in the last frame (carriers the recording knew at that time). */
    public int laneCount() { return laneCount; }

    /** The thread the last frame showed on lane {@code i}, or -1 for idle. */
    public int occupantDrawn(int lane) { return occupants[lane]; }

    public boolean pinnedDrawn(int lane) { return boxLooks[lane] == Look.PINNED; }

    /** Whether the last frame showed lane {@code i}'s thread in a mount its carrier's clocks could not judge. */
    public boolean unsureDrawn(int lane) { return boxLooks[lane] == Look.UNSURE; }

    /** The look of lane {@code i}'s box in the last frame. */
    public Look lookDrawn(int lane) { return boxLooks[lane]; }

    /**
     * Whether a frame since the last {@link #forgetUnsureSeen()} painted an unsure mount (the legend then explains
     * the hatch).
     */
    public boolean unsureSeen() { return unsurePainted; }

    public void forgetUnsureSeen() { unsurePainted = false; }

    /** Top pixel row of lane {@code i} in the last frame (for overlays and pixel tests). */
    public double laneTop(int lane) { return lane * drawnLaneStep; }

    /** Height in pixels of each lane in the last frame. */
    public double laneHeight() { return drawnLaneHeight; }

    /** Where the trail ends and the box showing the mounted thread begins, in pixels. */
    public double nowBoxX() { return canvas.getWidth() - NOW_WIDTH; }

    /** Where the last frame put its lanes and time axis, or null before one was drawn. */
    public LaneGeometry geometry() { return geometry; }

    /** Recording time of the last frame, or -1. */
    public long drawnAt() { return drawnAt; }

    /** Clears to the empty look (no recording yet). */
    public void clear() {
        GraphicsContext gc = canvas.getGraphicsContext2D();
        gc.setFill(palette.background());
        gc.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        laneCount = 0;
        drawnAt = -1;
        geometry = null;
        staticW = -1;
    }

    /**
     * Before any run: {@code carriers} empty lanes named as a run names them, each box "idle", and one line saying
     * that no run has happened. Nothing in it is a recording: no trail, no thread.
     */
    public void drawIdle(int carriers) {
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        GraphicsContext gc = canvas.getGraphicsContext2D();
        gc.setFill(palette.background());
        gc.fillRect(0, 0, w, h);
        staticW = -1;
        geometry = null;
        drawnAt = -1;
        laneCount = 0;
        if (carriers <= 0 || w <= LABEL_WIDTH + NOW_WIDTH) {
            return;
        }
        double laneStep = Math.min(MAX_LANE_HEIGHT, (h - grid.height()) / carriers);
        double laneH = laneStep - (laneStep >= 12 ? 3 : 0);
        resizeFonts(laneH);
        double trailW = w - LABEL_WIDTH - NOW_WIDTH - 8;
        gc.setFill(palette.laneBackground());
        for (int lane = 0; lane < carriers; lane++) {
            gc.fillRect(LABEL_WIDTH, lane * laneStep, trailW, laneH);
        }
        ensureCapacity(carriers);
        Arrays.fill(occupants, 0, carriers, -1);
        Arrays.fill(boxLooks, 0, carriers, Look.IDLE);
        drawNowBoxes(gc, carriers, laneStep, laneH, w - NOW_WIDTH);
        if (laneH >= 10) {
            gc.setTextBaseline(VPos.CENTER);
            gc.setFont(laneFont);
            gc.setFill(palette.text());
            for (int lane = 0; lane < carriers; lane++) {
                gc.fillText(carrierLabels.of(lane), 10, lane * laneStep + laneH / 2);
            }
            gc.setFont(smallFont);
            gc.setFill(palette.mutedText());
            gc.fillText("No run yet: the next run's " + carriers + (carriers == 1 ? " carrier" : " carriers")
                    + ", idle. Press Run (Ctrl+R).", LABEL_WIDTH + 12, laneH / 2);
        }
    }

    /** Draws the carriers of {@code timeline}'s recording as they were at {@code t} (nanos since its origin). */
    public void draw(StateTimeline timeline, long t) {
        draw(timeline, t, followAxis(timeline.recording(), t));
    }

    /** What following now shows of {@code recording} at t: the trail before t, or a finished run whole. */
    public TimeAxis followAxis(RunRecording recording, long t) {
        return TimeAxis.of(recording, t, trailNanos, fitFinished, fitSpanAtLeast);
    }

    /**
     * Draws the carriers of {@code timeline}'s recording as they were at {@code t} over the range {@code axis} (the
     * time view's visible range): mounts up to t and up to the range's right edge, whichever comes first.
     */
    public void draw(StateTimeline timeline, long t, TimeAxis axis) {
        RunRecording recording = timeline.recording();
        CarrierLog[] logs = recording.carriers();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        GraphicsContext gc = canvas.getGraphicsContext2D();
        drawnRecording = recording;
        // the canvas keeps its pixels: the background, carrier labels and axis are painted only when the
        // layout changes, each frame repaints just the trails and the boxes (software pipeline: every pixel costs)
        // a sliding axis keeps its labels (they count back from t); a fixed one is labelled once
        boolean repaintStatic = w != staticW || h != staticH || logs.length != staticLanes
                || palette != staticPalette || recording != staticRecording || !TimeGrid.sameLabels(axis, staticAxis);
        if (repaintStatic) {
            gc.setFill(palette.background());
            gc.fillRect(0, 0, w, h);
            staticW = w;
            staticH = h;
            staticLanes = logs.length;
            staticPalette = palette;
            staticRecording = recording;
            staticAxis = axis;
        }
        ensureCapacity(logs.length);
        laneCount = logs.length;
        drawnAt = t;
        if (logs.length == 0 || w <= LABEL_WIDTH + NOW_WIDTH) {
            geometry = null;
            return;
        }
        double laneStep = Math.min(MAX_LANE_HEIGHT, (h - grid.height()) / logs.length);
        double gap = laneStep >= 12 ? 3 : 0;
        double laneH = laneStep - gap;
        drawnLaneStep = laneStep;
        drawnLaneHeight = laneH;
        resizeFonts(laneH);
        double trailX = LABEL_WIDTH;
        double trailW = w - LABEL_WIDTH - NOW_WIDTH - 8;
        long t0 = axis.start();

        gc.setFill(palette.laneBackground());
        for (int lane = 0; lane < logs.length; lane++) {
            gc.fillRect(trailX, lane * laneStep, trailW, laneH);
        }
        grid.paint(gc, palette, axis, recording.runStart(), trailX, trailW, logs.length * laneStep, repaintStatic);
        trails(recording, logs, axis, t, gc, trailX, trailW, laneStep, laneH);
        if (!axis.sliding() && t < axis.end() && t >= t0) {
            // where t is on a whole-run axis (replay, a live run younger than the trail): the lanes fill in up to here
            gc.setFill(palette.mutedText());
            gc.fillRect(Math.floor(axis.x(t, trailX, trailW)), 0, 2, logs.length * laneStep);
        }
        for (int lane = 0; lane < logs.length; lane++) {
            occupants[lane] = timeline.occupantAt(logs[lane], t);
            boxLooks[lane] = occupants[lane] >= 0 ? timeline.lookAt(logs[lane], t) : Look.IDLE;
        }
        drawNowBoxes(gc, logs.length, laneStep, laneH, w - NOW_WIDTH);
        if (repaintStatic) {
            names.paint(gc, palette, logs, laneStep, laneH, laneFont, smallFont);
        }
        geometry = new LaneGeometry(t0, t, axis, trailX, trailW, laneStep, laneH, logs.length);
        if (overlay != null) {
            overlay.paint(gc, geometry);
        }
        for (Overlay more : moreOverlays) {
            more.paint(gc, geometry);
        }
        outlineSelection(gc, logs);
    }

    /** Selects mount {@code mount} of carrier {@code carrier} (-1: none): outlined from the next frame on. */
    public void setSelection(int carrier, int mount) {
        selectedCarrier = carrier;
        selectedMount = mount;
    }

    /** The selected mount's outline: a frame around it in the text's colour, at least 5 px wide however short it is. */
    private void outlineSelection(GraphicsContext gc, CarrierLog[] logs) {
        LaneGeometry g = geometry;
        if (selectedCarrier < 0 || selectedCarrier >= logs.length || selectedMount < 0
                || selectedMount >= logs[selectedCarrier].size() || g == null) {
            return;
        }
        CarrierLog log = logs[selectedCarrier];
        long start = log.start(selectedMount);
        long end = log.end(selectedMount);   // the whole mount, also where the replay has not reached its end yet
        if (end < g.axis().start() || start > g.axis().end()) {
            return;
        }
        double x0 = Math.max(g.trailX(), g.x(start));
        double x1 = Math.min(g.trailX() + g.trailWidth(), Math.max(g.x(end), x0 + 1));
        double mid = (x0 + x1) / 2;
        double half = Math.max((x1 - x0) / 2, 2.5) + 2;
        double top = selectedCarrier * g.laneStep();
        gc.setStroke(palette.text());
        gc.setLineWidth(2);
        gc.strokeRect(mid - half, top + 1, 2 * half, Math.max(2, g.laneHeight() - 2));
    }

    /**
     * The completed mount on lane {@code lane} nearest to x in the last frame, within {@code pixels} of it at the
     * range drawn, or -1: a click's mount at any zoom (binary search in the carrier's log).
     */
    public int mountNear(int lane, double x, double pixels) {
        LaneGeometry g = geometry;
        RunRecording r = drawnRecording;
        long t = timeAt(x);
        if (g == null || r == null || lane < 0 || lane >= r.carriers().length || t < 0) {
            return -1;
        }
        long tolerance = (long) (pixels * g.axis().span() / g.trailWidth());
        int i = MountHits.nearest(r.carriers()[lane], t, tolerance);
        return i >= 0 && r.carriers()[lane].start(i) < g.t() ? i : -1;
    }

    /**
     * Every lane's trail: each pixel column in the look {@link LaneLooks} decides, then one pass per look, its fill
     * set once, merging neighbouring columns of that look into one rectangle (a busy lane costs a rectangle per change
     * of look, not one per mount).
     */
    private void trails(RunRecording recording, CarrierLog[] logs, TimeAxis axis, long t, GraphicsContext gc,
                        double trailX, double trailW, double laneStep, double laneH) {
        int n = Math.max(1, (int) Math.round(trailW));
        if (columns.length < n * logs.length) {
            columns = new byte[n * logs.length];
        }
        boolean[] present = lookPresent;
        Arrays.fill(present, false);
        for (int lane = 0; lane < logs.length; lane++) {
            looks.columns(recording, logs[lane], axis.start(), axis.end(), t, n, columns, lane * n);
            for (int c = lane * n, end = c + n; c < end; c++) {
                present[columns[c]] = true;
            }
        }
        double columnWidth = trailW / n;
        for (Look look : Look.values()) {
            if (look == Look.IDLE || !present[look.ordinal()]) {
                continue;
            }
            byte b = (byte) look.ordinal();
            gc.setFill(lookPaints[look.ordinal()]);
            double top = look.top(laneH);
            double height = look.height(laneH);
            for (int lane = 0; lane < logs.length; lane++) {
                int base = lane * n;
                for (int c = 0; c < n; c++) {
                    if (columns[base + c] != b) {
                        continue;
                    }
                    int from = c;
                    while (c + 1 < n && columns[base + c + 1] == b) {
                        c++;
                    }
                    gc.fillRect(trailX + from * columnWidth, lane * laneStep + top, (c + 1 - from) * columnWidth, height);
                }
            }
        }
        unsurePainted |= present[Look.UNSURE.ordinal()];
    }

    private final boolean[] lookPresent = new boolean[Look.COUNT];

    private void drawNowBoxes(GraphicsContext gc, int lanes, double laneStep, double laneH, double x) {
        for (Look look : Look.values()) {
            gc.setFill(lookPaints[look.ordinal()]);
            for (int lane = 0; lane < lanes; lane++) {
                if (boxLooks[lane] == look) {
                    gc.fillRect(x, lane * laneStep, NOW_WIDTH, laneH);
                }
            }
        }
        if (laneH < 14) {
            return;
        }
        gc.setFont(nowFont);
        gc.setTextBaseline(VPos.CENTER);
        gc.setTextAlign(TextAlignment.CENTER);
        for (int lane = 0; lane < lanes; lane++) {
            int vt = occupants[lane];
            gc.setFill(vt < 0 ? palette.mutedText() : palette.background());
            gc.fillText(vt < 0 ? "idle" : vtLabels.of(vt), x + NOW_WIDTH / 2, lane * laneStep + laneH / 2);
        }
        gc.setTextAlign(TextAlignment.LEFT);
    }

    private void resizeFonts(double laneH) {
        if (laneH == fontForHeight) {
            return;
        }
        fontForHeight = laneH;
        laneFont = Font.font(null, FontWeight.BOLD, LaneTextSizes.name(laneH));
        nowFont = Font.font("monospace", FontWeight.BOLD, LaneTextSizes.occupant(laneH));
        smallFont = Font.font(LaneTextSizes.note(laneH));
    }

    private void ensureCapacity(int lanes) {
        if (occupants.length < lanes) {
            occupants = new int[Math.max(lanes, 16)];
            boxLooks = new Look[Math.max(lanes, 16)];
            Arrays.fill(boxLooks, Look.IDLE);
        }
    }
}
