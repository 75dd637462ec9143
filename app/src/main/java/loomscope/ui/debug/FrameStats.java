package loomscope.ui.debug;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Frame-time counter: the gaps between FX pulses, kept in a ring of primitives. p95 over the last
 * {@value #WINDOW} frames; the max gap since {@link #resetMax()} (the window resets it when a run starts, so
 * the figure is "max pulse gap during this run"). Also how long the FX thread waited for a CPU since
 * {@link #reset()}, per frame ({@link RunQueueWait}). Used on the FX thread only.
 */
public final class FrameStats {
    static final int WINDOW = 600;
    /** The frame-time goal (issue #3: p95 at or below it): frames longer than this are counted. */
    public static final double SLOW_FRAME_MILLIS = 20;
    private static final long SLOW_FRAME_NANOS = (long) (SLOW_FRAME_MILLIS * 1e6);

    private final long[] gaps = new long[WINDOW];
    private final long[] sorted = new long[WINDOW];
    private int count;
    private int next;
    private long lastPulse = -1;
    private long maxGap;
    private long frames;
    private long slowFrames;
    private long lastDrawNanos;
    private final long[] draws = new long[WINDOW];
    private final LongSupplier waitClock;
    private long waitAtReset;

    /** The FX thread's own run-queue wait, where the OS tells it. */
    public FrameStats() {
        this(RunQueueWait.ofCallingThread());
    }

    /** {@code waitClock}: nanos the calling thread has waited for a CPU, or {@link RunQueueWait#UNKNOWN}. */
    public FrameStats(LongSupplier waitClock) {
        this.waitClock = waitClock;
        this.waitAtReset = waitClock.getAsLong();
    }

    /** Call at the start of every pulse with its timestamp. */
    public void pulse(long nanos) {
        if (lastPulse >= 0) {
            long gap = nanos - lastPulse;
            gaps[next] = gap;
            next = (next + 1) % WINDOW;
            count = Math.min(count + 1, WINDOW);
            maxGap = Math.max(maxGap, gap);
            if (gap > SLOW_FRAME_NANOS) {
                slowFrames++;
            }
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
        slowFrames = 0;
        waitAtReset = waitClock.getAsLong();
    }

    /** 95th percentile of the time between frames, ms (0 before two frames). */
    public double p95FrameMillis() { return percentile(gaps, 0.95) / 1e6; }

    /** 95th percentile of our own work per frame, ms. */
    public double p95DrawMillis() { return percentile(draws, 0.95) / 1e6; }

    public double maxGapMillis() { return maxGap / 1e6; }

    public double lastDrawMillis() { return lastDrawNanos / 1e6; }

    public long frames() { return frames; }

    /**
     * Frames since reset that took longer than {@link #SLOW_FRAME_MILLIS}. Summed over runs with {@link #frames()},
     * it gives the share of slow frames over many runs, which one short run's p95 (~50 frames: its third-slowest)
     * cannot.
     */
    public long slowFrames() { return slowFrames; }

    /** Mean time the FX thread was ready but waiting for a CPU, ms per frame since reset; NaN when unknown. */
    public double cpuWaitMillisPerFrame() {
        long now = waitClock.getAsLong();
        if (now == RunQueueWait.UNKNOWN || waitAtReset == RunQueueWait.UNKNOWN || frames == 0) {
            return Double.NaN;
        }
        return (now - waitAtReset) / 1e6 / frames;
    }

    /** "FX thread waited for a CPU: 7.9 ms/frame" after {@code separator}, or nothing where the OS does not say. */
    public String cpuWaitText(String separator, String perFrame) {
        double wait = cpuWaitMillisPerFrame();
        return Double.isNaN(wait) ? "" : String.format(Locale.ROOT, "%sFX thread waited for a CPU: %.1f ms%s",
                separator, wait, perFrame);
    }

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
