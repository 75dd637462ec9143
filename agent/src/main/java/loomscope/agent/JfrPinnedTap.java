package loomscope.agent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;

import loomscope.clock.WallAndNanoTime;

/**
 * The JDK's own record of pinning, from inside the target: {@code jdk.VirtualThreadPinned} at threshold 0 (the
 * default 20 ms would hide every shorter pin), streamed while the session lasts and sent as {@code P} lines with the JDK's reason and stack, so that
 * LoomScope can hold the episodes the hooks saw against what JFR saw; and the other witnesses of why a carrier was
 * held (file and socket events, on 21-23 monitor events, safepoints) as {@code W} lines, with which LoomScope classes
 * each held mount pinned, captured, stalled or unsure (core's {@code CauseClassifier}). JFR stamps events with wall-clock instants;
 * the session's origin is paired with one here, which places them on the episodes' clock to within the two reads.
 */
final class JfrPinnedTap implements AutoCloseable {
    private static final String EVENT = "jdk.VirtualThreadPinned";

    private final RecordingStream stream;

    private JfrPinnedTap(RecordingStream stream) {
        this.stream = stream;
    }

    /**
     * Why no tap should start in this JVM, or null: JFR's settings are the JVM's, not a recording's, so a tap at
     * threshold 0 beside the application's own recording would put every pinned event, however short, into that
     * recording too (the default records pins of 20 ms or more). Asked without starting JFR.
     */
    static String whyNotBesideOthers() {
        try {
            if (!FlightRecorder.isInitialized()) {
                return null;
            }
            for (Recording r : FlightRecorder.getFlightRecorder().getRecordings()) {
                if (r.getState() == RecordingState.RUNNING || r.getState() == RecordingState.DELAYED) {
                    return "the application records with JFR itself, and a tap at threshold 0 would add every pinned "
                            + "event, however short, to its recording";
                }
            }
            return null;
        } catch (RuntimeException | Error e) {
            return "JFR could not be asked: " + AgentWire.oneLine(String.valueOf(e));
        }
    }

    /** Starts the tap, or returns null where it failed to (the caller says so). */
    static JfrPinnedTap start(long originNanos, Consumer<String> lines) {
        try {
            WallAndNanoTime clocks = WallAndNanoTime.read();
            long originEpochNanos = clocks.epochNanos() - (clocks.nanoTime() - originNanos);
            RecordingStream stream = new RecordingStream();
            // unordered: an ordered stream keeps every event of a flush (about a second) on the heap to sort them, and
            // a churning target's socket reads made that thousands of events with their stacks; each line carries its
            // own times, and LoomScope matches them by time, not by order
            stream.setOrdered(false);
            // with its stack: the reason and the place of a pin are what a user asks for; pinned events are few, and JFR
            // walks a stack only for an event it records
            stream.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
            stream.onEvent(EVENT, e -> lines.accept(line(e, originEpochNanos)));
            enableWitnesses(stream, Runtime.version().feature(), e -> {
                String line = witnessLine(e, originEpochNanos);
                if (line != null) {
                    lines.accept(line);
                }
            });
            startAsDaemon(stream);
            return new JfrPinnedTap(stream);
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    /** The JFR events besides the pinned one that tell why a carrier was held (core's {@code WitnessEvents}: the same). */
    static final List<String> IO_EVENTS = List.of("jdk.FileRead", "jdk.FileWrite", "jdk.SocketRead", "jdk.SocketWrite");
    /** JDK 21-23 only: 24+ posts these as pinned events. */
    static final List<String> MONITOR_EVENTS = List.of("jdk.JavaMonitorEnter", "jdk.JavaMonitorWait");
    static final String SAFEPOINT = "jdk.SafepointBegin";
    /** Below the 1 ms a mount must block to be classed, far above the microseconds a clock's read of /proc takes. */
    static final Duration WITNESS_THRESHOLD = Duration.ofNanos(500_000);

    private static void enableWitnesses(RecordingStream stream, int feature, Consumer<RecordedEvent> sink) {
        List<String> held = new ArrayList<>(IO_EVENTS);
        if (feature < 24) {
            held.addAll(MONITOR_EVENTS);
        }
        for (String event : held) {
            stream.enable(event).withThreshold(WITNESS_THRESHOLD).withStackTrace();
            stream.onEvent(event, sink);
        }
        stream.enable(SAFEPOINT).withThreshold(Duration.ZERO).withoutStackTrace();
        stream.onEvent(SAFEPOINT, sink);
    }

    /**
     * A witness as a {@code W} line (see {@link AgentWire}), or null for a platform thread's event: a mounted virtual
     * thread's names the virtual thread (or, in a stream, nothing); the agent's own threads and a carrier reading its
     * clock are platform threads.
     */
    static String witnessLine(RecordedEvent e, long originEpochNanos) {
        String name = e.getEventType().getName();
        boolean safepoint = name.equals(SAFEPOINT);
        RecordedThread thread = safepoint ? null : e.getThread();
        if (thread != null && !thread.isVirtual()) {
            return null;
        }
        String detail = null;
        if (e.hasField("path")) {
            detail = e.getString("path");
        } else if (e.hasField("host")) {
            detail = e.getString("host") + (e.hasField("port") ? ":" + e.getInt("port") : "");
        } else if (e.hasField("monitorClass") && e.getClass("monitorClass") != null) {
            detail = e.getClass("monitorClass").getName();
        }
        StringBuilder line = new StringBuilder("W ").append(name.substring(name.indexOf('.') + 1)).append(' ')
                .append(WallAndNanoTime.epochNanos(e.getStartTime()) - originEpochNanos).append(' ').append(e.getDuration().toNanos())
                .append(' ').append(AgentWire.encoded(detail)).append(' ');
        List<RecordedFrame> frames = safepoint || e.getStackTrace() == null ? List.of() : e.getStackTrace().getFrames();
        int n = Math.min(FRAMES, frames.size());
        for (int i = 0; i < n; i++) {
            line.append(i == 0 ? "" : ",").append(AgentWire.encoded(frame(frames.get(i))));
        }
        return n == 0 ? line.append(AgentWire.NONE).toString() : line.toString();
    }

    /**
     * {@code startAsync()} makes a thread that is no daemon: under {@code -javaagent} the application then never
     * exits (seen: DestroyJavaVM waiting on "JFR Event Stream 1"). The stream runs on a daemon thread of ours instead,
     * in the blocking {@code start()}, which returns when the stream is closed.
     */
    private static void startAsDaemon(RecordingStream stream) {
        AgentThreads.start("loomscope-agent-jfr", () -> {
            try {
                stream.start();
            } catch (RuntimeException e) {
                // closed or failed: the session goes on without JFR's events
            }
        });
    }

    /** Frames sent per event: deep enough that the application's frame is there under the JDK's park and sleep. */
    static final int FRAMES = 24;
    /** A frame's text at most (a class's name is the application's to choose). */
    static final int FRAME_CHARS = 300;

    /** The event as a {@code P} line (see {@link AgentWire}): fields URL-encoded, so none holds a space. */
    static String line(RecordedEvent e, long originEpochNanos) {
        RecordedThread thread = e.getThread();
        long threadId = thread == null ? -1 : thread.getJavaThreadId();
        String carrier = null;
        if (e.hasField("carrierThread")) {
            RecordedThread c = e.getThread("carrierThread");
            carrier = c == null ? null : c.getJavaName();
        }
        StringBuilder line = new StringBuilder("P ").append(threadId).append(' ')
                .append(WallAndNanoTime.epochNanos(e.getStartTime()) - originEpochNanos).append(' ').append(e.getDuration().toNanos())
                .append(' ').append(AgentWire.encoded(carrier))
                .append(' ').append(AgentWire.encoded(e.hasField("pinnedReason") ? e.getString("pinnedReason") : null))
                .append(' ').append(AgentWire.encoded(e.hasField("blockingOperation") ? e.getString("blockingOperation") : null))
                .append(' ');
        List<RecordedFrame> frames = e.getStackTrace() == null ? List.of() : e.getStackTrace().getFrames();
        int n = Math.min(FRAMES, frames.size());
        for (int i = 0; i < n; i++) {
            line.append(i == 0 ? "" : ",").append(AgentWire.encoded(frame(frames.get(i))));
        }
        return n == 0 ? line.append(AgentWire.NONE).toString() : line.toString();
    }

    /** A frame in the JDK's text form, as LoomScope's {@code StackFrame} parses it: {@code pkg.Class.method(Unknown Source:12)}. */
    private static String frame(RecordedFrame f) {
        String text = f.getMethod().getType().getName() + "." + f.getMethod().getName()
                + (f.isJavaFrame() ? "(Unknown Source" + (f.getLineNumber() >= 0 ? ":" + f.getLineNumber() : "") + ")"
                        : "(Native Method)");
        return text.length() <= FRAME_CHARS ? text : text.substring(0, FRAME_CHARS);
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

    /** The longest a detach waits for the events still in JFR's buffers. */
    static final long STOP_MILLIS = 1_500;

    /**
     * Stops the recording and waits for the events still in its buffers (JDK 20+ {@code stop()}), at most
     * {@link #STOP_MILLIS}: a churning target's backlog of socket events once held a detach for 17 s, past the
     * LoomScope's wait for its confirmation. Then closes, which lets go of a stop still parsing.
     */
    @Override
    public void close() {
        Thread stopping = AgentThreads.start("loomscope-agent-jfr-stop", () -> {
            try {
                stream.stop();
            } catch (RuntimeException e) {
                // already closed
            }
        });
        try {
            stopping.join(STOP_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        stream.close();
    }
}
