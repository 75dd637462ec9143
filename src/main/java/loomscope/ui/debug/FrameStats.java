package loomscope.ui.debug;

import java.util.Arrays;

/**
 * Frame-time counter: the gaps between FX pulses, kept in a ring of primitives. p95 over the last
 * {@value #WINDOW} frames; the max gap since {@link #resetMax()} (the window resets it when a run starts, so
 * the figure is "max pulse gap during this run").
 */
public final class FrameStats {
    static final int WINDOW = 600;

    private final long[] gaps = new long[WINDOW];
    private final long[] sorted = new long[WINDOW];
    private int count;
    private int next;
    private long lastPulse = -1;
    private long maxGap;
    private long frames;
    private long lastDrawNanos;
    private final long[] draws = new long[WINDOW];

    /** Call at the start of every pulse with its timestamp. */
    public void pulse(long nanos) {
        if (lastPulse >= 0) {
            long gap = nanos - lastPulse;
            gaps[next] = gap;
            next = (next + 1) % WINDOW;
            count = Math.min(count + 1, WINDOW);
            maxGap = Math.max(maxGap, gap);
        }
        lastPulse = nanos;
        frames++;
    }

    /** How long this pulse's own work took (drawing and reading the recording). */
    public void drawTook(long nanos) {
        lastDrawNanos = nanos;
        draws[(int) (frames % WINDOW)] = nanos;
    }

    public void resetMax() { maxGap = 0; }

    /** Forgets everything but the last pulse: figures from here on describe one run or one replay. */
    public void reset() {
        maxGap = 0;
        count = 0;
        next = 0;
        frames = 0;
    }

    /** 95th percentile of the time between frames, ms (0 before two frames). */
    public double p95FrameMillis() { return percentile(gaps, 0.95) / 1e6; }

    /** 95th percentile of our own work per frame, ms. */
    public double p95DrawMillis() { return percentile(draws, 0.95) / 1e6; }

    public double maxGapMillis() { return maxGap / 1e6; }

    public double lastDrawMillis() { return lastDrawNanos / 1e6; }

    public long frames() { return frames; }

    private double percentile(long[] source, double q) {
        int n = source == draws ? (int) Math.min(frames, WINDOW) : count;
        if (n == 0) {
            return 0;
        }
        System.arraycopy(source, 0, sorted, 0, n);
        Arrays.sort(sorted, 0, n);
        return sorted[Math.min(n - 1, (int) Math.ceil(q * n) - 1)];
    }
}
