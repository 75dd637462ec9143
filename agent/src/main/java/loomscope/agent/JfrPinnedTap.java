package loomscope.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;

/**
 * The JDK's own record of pinning, from inside the target: {@code jdk.VirtualThreadPinned} at threshold 0 (the
 * default 20 ms would hide every shorter pin), streamed while the session lasts and sent as {@code J} lines, so that
 * LoomScope can hold the episodes the hooks saw against what JFR saw. JFR stamps events with wall-clock instants;
 * the session's origin is paired with one here, which places them on the episodes' clock to within the two reads.
 */
final class JfrPinnedTap implements AutoCloseable {
    private static final String EVENT = "jdk.VirtualThreadPinned";

    private final RecordingStream stream;

    private JfrPinnedTap(RecordingStream stream) {
        this.stream = stream;
    }

    /** Starts the tap, or returns null where JFR is not available (one line said so through {@code lines}). */
    static JfrPinnedTap start(long originNanos, Consumer<String> lines) {
        try {
            long before = System.nanoTime();
            Instant wall = Instant.now();
            long after = System.nanoTime();
            long originEpochNanos = epochNanos(wall) - ((before + after) / 2 - originNanos);
            RecordingStream stream = new RecordingStream();
            stream.enable(EVENT).withThreshold(Duration.ZERO).withoutStackTrace();
            stream.onEvent(EVENT, e -> lines.accept(line(e, originEpochNanos)));
            startAsDaemon(stream);
            return new JfrPinnedTap(stream);
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    /**
     * {@code startAsync()} makes a thread that is no daemon: under {@code -javaagent} the application then never
     * exits (seen: DestroyJavaVM waiting on "JFR Event Stream 1"). The stream runs on a daemon thread of ours instead,
     * in the blocking {@code start()}, which returns when the stream is closed.
     */
    private static void startAsDaemon(RecordingStream stream) {
        Thread runner = new Thread(() -> {
            try {
                stream.start();
            } catch (RuntimeException e) {
                // closed or failed: the session goes on without JFR's events
            }
        }, "loomscope-agent-jfr");
        runner.setDaemon(true);
        runner.start();
    }

    private static String line(RecordedEvent e, long originEpochNanos) {
        RecordedThread thread = e.getThread();
        long threadId = thread == null ? -1 : thread.getJavaThreadId();
        String carrier = "";
        if (e.hasField("carrierThread")) {
            RecordedThread c = e.getThread("carrierThread");
            carrier = c == null || c.getJavaName() == null ? "" : c.getJavaName();
        }
        return "J " + threadId + " " + (epochNanos(e.getStartTime()) - originEpochNanos) + " "
                + e.getDuration().toNanos() + " " + AgentWire.oneLine(carrier);
    }

    private static long epochNanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /**
     * At the JVM's exit: closes without waiting for the last events (JFR stops its recordings in a shutdown hook of
     * its own, and a {@code stop()} that waits for them then never returns: measured, the application never exited).
     */
    void closeAtExit() {
        try {
            stream.close();
        } catch (RuntimeException e) {
            // JFR is shutting down too
        }
    }

    /** Stops the recording and waits for the events still in its buffers (JDK 20+ {@code stop()}). */
    @Override
    public void close() {
        try {
            stream.stop();
        } catch (RuntimeException e) {
            // already closed
        }
        stream.close();
    }
}
