package loomscope.attach;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What one session (or one file's read) may take of LoomScope's heap, and which times it may tell: the agent may send
 * anything, so every item it names is counted against a memory limit, and every time it tells is checked against the
 * session's origin and, live, against now. Not thread-safe: used under its session's lock ({@link AttachedEpisodes}).
 */
final class SessionBounds {
    /** As a saved run's reader allows: no run lasts longer. */
    static final long MAX_NANOS = TimeUnit.DAYS.toNanos(30);
    /**
     * How far past this JVM's own time since the hello a live agent's times may run: both clocks are the machine's
     * monotonic clock, read a moment apart (the agent takes its origin just before its hello).
     */
    static final long LIVE_SLACK_NANOS = TimeUnit.MINUTES.toNanos(1);

    /** A bound of the session: the reading stops there, and what came before is kept. */
    static final class Bound extends RuntimeException {
        Bound(String message) {
            super(message, null, false, false);
        }
    }

    /** What the session's threads, carriers, kept episodes and JFR events may take of LoomScope's heap together. */
    private final long memoryLimit;
    /** A live session (the agent's connection), not a file: episodes past its memory are counted, times end now. */
    private final boolean live;
    private long memoryTaken;
    /** A live session's latest time that may be told (nanoTime when it was last worked out). */
    private long helloAt = System.nanoTime();
    private long timeBound;

    SessionBounds(long memoryLimit, boolean live) {
        this.memoryLimit = memoryLimit;
        this.live = live;
        this.timeBound = live ? LIVE_SLACK_NANOS : MAX_NANOS;
    }

    /** What a String's characters take on the heap: one byte each while all are Latin-1, else two. */
    static long textBytes(String text) {
        // a loop, not a stream: every name and frame of a stream or a file comes through here (a hostile file's millions)
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x100) {
                return 2L * text.length();
            }
        }
        return text.length();
    }

    boolean live() { return live; }

    /** The agent's hello arrived now: a live session's times are told from here. */
    void hello() {
        helloAt = System.nanoTime();
    }

    /** When the hello arrived, on this JVM's {@code System.nanoTime()} (when the session began, before it). */
    long helloAt() { return helloAt; }

    /** Takes {@code bytes} for the {@code count}th of {@code what}, or ends the reading ({@link Bound}) past the limit. */
    void take(String what, long count, long bytes) {
        if (memoryTaken + bytes > memoryLimit) {
            throw new Bound(String.format(Locale.ROOT, "its %s (%,d so far) need more memory than LoomScope "
                    + "gives %s (%,d MB)", what, count, live ? "one session" : "a saved run", memoryLimit >> 20));
        }
        memoryTaken += bytes;
    }

    /**
     * Whether {@code bytes} more would pass a live session's share for its episodes (three quarters of its memory):
     * past it, a busy target's episodes are counted, not kept, and the session goes on.
     */
    boolean pastEpisodesShare(long bytes) {
        return memoryTaken + bytes > memoryLimit / 4 * 3;
    }

    /**
     * A time the agent told: not before the session's origin ({@code floor} below 0 for what may have begun before
     * it), not later than 30 days after it, and in a live session not later than now.
     */
    void checkTime(String what, long t, long floor) {
        if (t > timeBound && live) {
            timeBound = Math.min(MAX_NANOS, System.nanoTime() - helloAt + LIVE_SLACK_NANOS);
        }
        if (t < floor || t > timeBound) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "impossible times: %s at %,d ns, %s",
                    what, t, t < floor ? "before the session's start"
                            : live && t <= MAX_NANOS ? "later than now" : "more than 30 days after the session's start"));
        }
    }

    /** A duration the agent told: from 0 to 30 days. */
    static void checkDuration(String what, long duration) {
        if (duration < 0 || duration > MAX_NANOS) {
            throw new IllegalArgumentException("impossible times: " + what + " of " + duration + " ns");
        }
    }
}
