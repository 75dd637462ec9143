package loomscope.probe;

import java.time.Instant;

import loomscope.clock.WallAndNanoTime;

/**
 * Maps JFR event instants onto System.nanoTime, from {@link ClockSyncEvent}s. Keeps the sync with the
 * tightest bracket (the best estimate) and the spread of all offsets seen, which is the error we publish:
 * JFR derives an Instant from its tick counter plus the chunk's wall-clock start, so a new chunk or a wall
 * clock step would show up here as spread.
 */
final class JfrClock {
    private long bestOffset;
    private long bestHalfWidth = Long.MAX_VALUE;
    private long minOffset = Long.MAX_VALUE;
    private long maxOffset = Long.MIN_VALUE;
    private int syncs;

    synchronized void sync(Instant start, long nanoBefore, long nanoAfter) {
        long mid = nanoBefore + (nanoAfter - nanoBefore) / 2;
        long offset = WallAndNanoTime.epochNanos(start) - mid;
        long halfWidth = (nanoAfter - nanoBefore) / 2;
        if (halfWidth < bestHalfWidth) {
            bestHalfWidth = halfWidth;
            bestOffset = offset;
        }
        minOffset = Math.min(minOffset, offset);
        maxOffset = Math.max(maxOffset, offset);
        syncs++;
    }

    synchronized boolean known() {
        return syncs > 0;
    }

    /** The System.nanoTime of a JFR instant; call only once {@link #known()}. */
    synchronized long nanoTimeOf(Instant t) {
        return WallAndNanoTime.epochNanos(t) - bestOffset;
    }

    /** How far any sync's offset strayed from the one we use, plus that one's own bracket: our placement error. */
    synchronized long errorBoundNanos() {
        if (syncs == 0) {
            return -1;
        }
        return Math.max(maxOffset - bestOffset, bestOffset - minOffset) + bestHalfWidth;
    }

    synchronized int syncs() {
        return syncs;
    }
}
