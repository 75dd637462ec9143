package loomscope.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import loomscope.attach.AttachSession;

/**
 * {@code attach … --seconds S}: the whole command, from its start to its summary, ends within S + {@value #FIXED_MILLIS}
 * ms whatever the other side does (a target stopped or stalling during the attach or the session, an agent that never
 * confirms its detach). Each phase gets what is left of that one clock: the attach at most its own bound
 * ({@link AttachCommand#attachDeadline}) and never past the point where the detach could no longer be waited for; the
 * recording S seconds from the agent's hello, fewer where the attach took longer than the fixed part allows (the
 * summary says so); the detach's confirmation what is left, at most {@link AttachSession#DETACH_CONFIRM_MILLIS}.
 * Before, each phase had its own bound and they added up: a local attach's 10 s, S, then 4 s (17 s for S = 3).
 * Without {@code --seconds} (Ctrl+C ends it) there is no clock and the phases keep their own bounds.
 */
final class SessionDeadline {
    /** What the command may take beyond S: the attach, the detach's confirmation and the summary. */
    static final long FIXED_MILLIS = 5_000;
    /**
     * Kept for the end, of the fixed part: the detach's confirmation ({@link #DETACH_LEAST_MILLIS}) and the reader's
     * moment to let go of a closed connection (1 s, {@code AttachSession}); the attach is given the other 2 s and
     * whatever of S it needs (5 s for S = 3: the bound {@code attach --connect} always had, S + 2 s).
     */
    static final long END_RESERVE_MILLIS = 3_000;
    /**
     * The least the detach's confirmation is given: a real agent confirms in well under a second, its JFR tap given
     * at most 1.5 s of it (a JDK 21 agent after a slow attach at load average 20, given 0.5 s, did not confirm).
     */
    static final long DETACH_LEAST_MILLIS = 2_000;
    /** What {@link AttachSession#stop(long)} may wait beyond its bound for the reader to let go. */
    private static final long READER_LET_GO_MILLIS = 1_000;

    private final Double seconds;
    private final long endNanos;
    private long recordingAsked;
    private long recordingGiven;

    SessionDeadline(Double seconds, long startNanos) {
        this.seconds = seconds;
        this.endNanos = seconds == null ? Long.MAX_VALUE
                : startNanos + TimeUnit.MILLISECONDS.toNanos(millis(seconds) + FIXED_MILLIS);
    }

    /** The clock of a command started now with {@code --seconds} ({@code seconds} null: none). */
    static SessionDeadline startingNow(Double seconds) {
        return new SessionDeadline(seconds, System.nanoTime());
    }

    private static long millis(double seconds) {
        return (long) Math.ceil(seconds * 1000);
    }

    private long millisLeft() {
        return TimeUnit.NANOSECONDS.toMillis(endNanos - System.nanoTime());
    }

    /** The attach's bound: {@code ownBound}, cut so that the end's reserve is still there when it passes. */
    Duration attach(Duration ownBound) {
        if (seconds == null) {
            return ownBound;
        }
        long left = millisLeft() - END_RESERVE_MILLIS;
        return Duration.ofMillis(Math.max(1, Math.min(ownBound.toMillis(), left)));
    }

    /** How long to record from now (the agent's hello): S, or what the clock has left before the end's reserve. */
    long recordingMillis() {
        if (seconds == null) {
            return Long.MAX_VALUE;
        }
        recordingAsked = millis(seconds);
        recordingGiven = Math.max(0, Math.min(recordingAsked, millisLeft() - END_RESERVE_MILLIS));
        return recordingGiven;
    }

    /** The detach's confirmation bound, asked when the recording ends: what is left, at most the session's own. */
    long detachMillis() {
        if (seconds == null) {
            return AttachSession.DETACH_CONFIRM_MILLIS;
        }
        return Math.max(DETACH_LEAST_MILLIS,
                Math.min(AttachSession.DETACH_CONFIRM_MILLIS, millisLeft() - READER_LET_GO_MILLIS));
    }

    /** The summary's line when the attach took part of S (null when the recording got all of it). */
    String shortened() {
        if (seconds == null || recordingGiven >= recordingAsked) {
            return null;
        }
        return String.format(Locale.ROOT, "Recorded %.1f s of the %.1f s asked: the attach took longer than the %.0f s "
                + "that --seconds S allows beyond S, and the command ends within S + %.0f s.",
                recordingGiven / 1000.0, recordingAsked / 1000.0, (FIXED_MILLIS - END_RESERVE_MILLIS) / 1000.0,
                FIXED_MILLIS / 1000.0);
    }
}
