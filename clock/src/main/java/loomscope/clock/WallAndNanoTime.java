package loomscope.clock;

import java.time.Instant;

/**
 * The wall clock and {@link System#nanoTime} read at one moment, to place JFR's events (stamped with wall-clock
 * instants) among the mounts (timed with {@code nanoTime}). The first {@link Instant#now} of a JVM loads and links
 * {@code java.time}'s classes, and the wall clock is read at the end of that: a pair taken across it put every event
 * of the run too early by up to half the bracket (measured in docs/probes-and-jdks.md), more than a witness placed by
 * time may stray past the mount it lies in. So the clock is read once to warm it, then the narrowest of a few brackets
 * is kept.
 *
 * @param epochNanos the wall clock, in nanoseconds since the epoch
 * @param nanoTime   {@code System.nanoTime} at the same moment (the middle of the bracket)
 * @param bracketNanos how far apart the two {@code nanoTime} reads around the wall clock's were: the pair's error is at
 *                     most half of it
 */
public record WallAndNanoTime(long epochNanos, long nanoTime, long bracketNanos) {
    private static final int TRIES = 5;

    /** A pair read now. */
    public static WallAndNanoTime read() {
        Instant.now();   // the warm-up: see the class's comment
        WallAndNanoTime best = null;
        for (int i = 0; i < TRIES; i++) {
            long before = System.nanoTime();
            Instant wall = Instant.now();
            long after = System.nanoTime();
            if (best == null || after - before < best.bracketNanos) {
                best = new WallAndNanoTime(epochNanos(wall), before + (after - before) / 2, after - before);
            }
        }
        return best;
    }

    /** The {@code System.nanoTime} of a wall-clock instant, by this pair. */
    public long nanoTimeOf(Instant wall) {
        return nanoTime + (epochNanos(wall) - epochNanos);
    }

    /** An instant in nanoseconds since the epoch. */
    public static long epochNanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }
}
