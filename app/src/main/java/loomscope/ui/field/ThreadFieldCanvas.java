package loomscope.ui.field;

import java.util.Arrays;

import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Paint;
import loomscope.picture.PictureTheme;
import loomscope.picture.StateTimeline;
import loomscope.picture.ThreadLifetimes;
import loomscope.recording.FieldLayout;
import loomscope.recording.VtState;
import loomscope.ui.theme.HatchPaint;
import loomscope.ui.theme.Palette;
import loomscope.ui.widgets.CanvasRegion;

/**
 * All N threads of a run as small cells coloured by {@link VtState}, on one canvas. A frame reads the states
 * into a reused byte array, counts them, and fills each colour group with one setFill: no allocation per
 * frame. Only cells whose state changed since the last frame are painted (the canvas keeps its pixels): a
 * 5,000-thread run changes ~100 cells a frame, and on the software pipeline every fillRect costs raster time.
 * Works for any recording (live, replayed, or streamed from another JVM).
 */
public final class ThreadFieldCanvas extends CanvasRegion {
    private final Canvas canvas;
    private final int[] counts = new int[VtState.COUNT];
    private Palette palette = Palette.of(PictureTheme.DARK);
    /** Unsure cells are hatched as the lanes' unsure mounts (not in the dense field: its dots are pixels). */
    private Paint unsureHatch = HatchPaint.of(palette.of(VtState.UNSURE));
    private byte[] states = new byte[0];
    /** What the canvas shows now, per cell; -1 forces a repaint of that cell. */
    private byte[] shown = new byte[0];
    private boolean repaintAll = true;
    private int threads;
    // grid geometry, recomputed only when the size or N changes
    private FieldLayout layout = FieldLayout.fit(0, 1, 1, 1);
    private double layoutW = -1;
    private double layoutH = -1;
    private int layoutN = -1;
    private final DenseField dense = new DenseField();
    private boolean denseMode;
    /** An application's: only the threads alive at the instant drawn get a cell (null: every thread). */
    private ThreadLifetimes liveOnly;
    private byte[] everyState = new byte[0];
    /** The thread of each cell while only live threads are drawn. */
    private int[] cellThread = new int[0];
    private int ended;

    public ThreadFieldCanvas() {
        super(200, 80, 1200, 300);
        canvas = canvas();
        dense.setPalette(palette);
    }

    public void setPalette(Palette palette) {
        if (palette != this.palette) {
            unsureHatch = HatchPaint.of(palette.of(VtState.UNSURE));
        }
        this.palette = palette;
        dense.setPalette(palette);
        repaintAll = true;
    }

    /** The next frame paints every cell (a new recording, or anything else that makes the pixels stale). */
    public void repaintAll() { repaintAll = true; }


    /** Threads in each state in the last frame, by {@link VtState#ordinal()}. */
    public int count(VtState state) { return counts[state.ordinal()]; }

    /** The state the last frame drew for thread {@code vt}. */
    public VtState stateDrawn(int vt) { return VtState.of(states[vt]); }

    public int threadsDrawn() { return threads; }

    /** How many threads one dot stands for: 1, except when threads outnumber what 1-pixel dots can show. */
    public int threadsPerDot() { return layout.perDot(); }

    /** Where the last frame put each thread's cell, in canvas pixels (the clip's field is laid out the same way). */
    public FieldLayout fieldLayout() { return layout; }

    /** The thread whose cell is at ({@code x}, {@code y}) in the last frame, or -1 (for click-to-inspect). */
    public int threadAt(double x, double y) {
        int cell = threads == 0 ? -1 : layout.threadAt(x, y);
        return liveOnly == null || cell < 0 || cell >= threads ? cell : cellThread[cell];
    }

    /**
     * Draws only the threads alive at the instant shown, by {@code lifetimes} (an application's run), or every thread
     * (null). Applies to frames at an instant ({@link #drawAt}); a live frame draws every thread.
     */
    public void setLiveOnly(ThreadLifetimes lifetimes) {
        liveOnly = lifetimes;
        repaintAll = true;
    }

    /** Whether the field draws only live threads. */
    public boolean drawsLiveOnly() { return liveOnly != null; }

    /** Threads that ended before the instant of the last frame, while only live threads are drawn; else 0. */
    public int endedCount() { return ended; }

    public void clear() {
        GraphicsContext gc = canvas.getGraphicsContext2D();
        gc.setFill(palette.background());
        gc.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
        threads = 0;
        Arrays.fill(counts, 0);
        repaintAll = true;
    }

    /** Live frame: the newest state of every thread (cheap; no mount index). */
    public void drawLive(StateTimeline timeline) {
        ended = 0;
        prepare(timeline.recording().threads());
        timeline.liveStates(states);
        paint();
    }

    /** Replay frame: every thread's state at recording time {@code t}, exact. */
    public void drawAt(StateTimeline timeline, long t) {
        int n = timeline.recording().threads();
        ThreadLifetimes lives = liveOnly;
        if (lives == null || lives.threads() != n) {
            ended = 0;
            prepare(n);
            timeline.statesAt(t, states);
            paint();
            return;
        }
        if (everyState.length != n) {
            everyState = new byte[n];
            cellThread = new int[n];
        }
        timeline.statesAt(t, everyState);
        int alive = 0;
        int gone = 0;
        for (int vt = 0; vt < n; vt++) {
            if (lives.aliveAt(vt, t)) {
                cellThread[alive++] = vt;
            } else if (lives.endedBefore(vt, t)) {
                gone++;
            }
        }
        ended = gone;
        if (alive != threads) {
            repaintAll = true;   // the cells move when the count changes
        }
        prepare(alive);
        for (int c = 0; c < alive; c++) {
            states[c] = everyState[cellThread[c]];
        }
        paint();
    }

    private void prepare(int n) {
        if (states.length != n || liveOnly != null && shown.length != n) {
            states = new byte[n];
            shown = new byte[n];
            repaintAll = true;
        }
        threads = n;
    }

    private void paint() {
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        if (layout(w, h)) {
            repaintAll = true;
        }
        Arrays.fill(counts, 0);
        for (int i = 0; i < threads; i++) {
            counts[states[i]]++;
        }
        GraphicsContext gc = canvas.getGraphicsContext2D();
        if (denseMode) {
            if (repaintAll) {
                gc.setFill(palette.background());
                gc.fillRect(0, 0, w, h);   // the image may cover less than the last layout's did
                repaintAll = false;
            }
            dense.paint(gc, states, DenseField.argbOf(palette.background()));
            return;
        }
        // one thread a cell here: needed() sends every run with more threads than 2 px cells hold to the image
        int cell = layout.cell();
        if (repaintAll) {
            gc.setFill(palette.background());
            gc.fillRect(0, 0, w, h);
            Arrays.fill(shown, (byte) -1);
            repaintAll = false;
        }
        for (int s = 0; s < VtState.COUNT; s++) {
            if (counts[s] == 0) {
                continue;
            }
            boolean fillSet = false;
            for (int i = 0; i < threads; i++) {
                if (states[i] == s && shown[i] != s) {
                    if (!fillSet) {
                        gc.setFill(s == VtState.UNSURE.ordinal() ? unsureHatch : palette.states()[s]);
                        fillSet = true;
                    }
                    gc.fillRect(layout.cellX(i), layout.cellY(i), cell, cell);
                    shown[i] = (byte) s;
                }
            }
        }
    }

    /** Fits the cells of all N threads into the area; true when the geometry changed (every cell moved). */
    private boolean layout(double w, double h) {
        if (w == layoutW && h == layoutH && threads == layoutN) {
            return false;
        }
        layoutW = w;
        layoutH = h;
        layoutN = threads;
        // canvas pixels are layout pixels: the render scale of a HiDPI screen is JavaFX's business
        layout = FieldLayout.fit(threads, (int) w, (int) h, 1);
        denseMode = DenseField.needed(threads, w, h);
        if (denseMode) {
            dense.layout(layout);
        }
        return true;
    }
}
