package loomscope.probe;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;

/**
 * The JFR events a run streams as {@link Witness}es beside the pinned one, in this JVM ({@link JfrProbe}) and in a child
 * (runs's pinned-event stream): which, at what threshold, and which of them are witnesses for a carrier's mount.
 * <p>
 * The threshold is below the floor a mount must block to be classed, so that a mount's block is seen whole, and far
 * above the microseconds our clocks take to read the kernel's counts. An event of a platform thread is never a witness:
 * a mounted virtual thread's events name the virtual thread (or, in a stream, nothing), and our own threads and the
 * carriers' own reads of the kernel's counts are platform threads.
 */
public final class WitnessEvents {
    /** Half the floor (docs/causes.md): a block of the floor is rarely one system call of less. */
    static final Duration THRESHOLD = Duration.ofNanos(500_000);
    /** Frames kept a witness: enough to reach the task's frame under the JDK's I/O and monitor frames. */
    public static final int FRAMES = 24;

    private WitnessEvents() { }

    /** Enables the witnesses that {@code feature}'s JDK needs: the monitor events on 21-23 only (24+ posts them as pins). */
    public static void enable(RecordingStream stream, int feature) {
        for (Witness.Kind kind : Witness.Kind.values()) {
            if (kind.pins() && feature >= 24 || !kind.jfr()) {
                continue;
            }
            if (kind == Witness.Kind.SAFEPOINT) {
                stream.enable(kind.event()).withThreshold(Duration.ZERO).withoutStackTrace();
            } else {
                stream.enable(kind.event()).withThreshold(THRESHOLD).withStackTrace();
            }
        }
    }

    /** The event names {@link #enable} may turn on. */
    public static List<String> events() {
        return Arrays.stream(Witness.Kind.values()).filter(Witness.Kind::jfr).map(Witness.Kind::event).toList();
    }

    /** {@code event} as a witness starting at {@code start} (recording clock); null if it is none (a platform thread's). */
    public static Witness of(RecordedEvent event, long start) {
        Witness.Kind kind = Witness.Kind.ofEvent(event.getEventType().getName());
        if (kind == null) {
            return null;
        }
        if (kind != Witness.Kind.SAFEPOINT) {
            RecordedThread thread = event.getThread();
            if (thread != null && !isVirtual(thread)) {
                return null;
            }
        }
        return new Witness(kind, start, event.getDuration().toNanos(), detail(kind, event), stack(event));
    }

    private static boolean isVirtual(RecordedThread thread) {
        return thread.isVirtual();
    }

    private static String detail(Witness.Kind kind, RecordedEvent e) {
        String text = switch (kind) {
            case FILE_READ, FILE_WRITE -> e.hasField("path") ? e.getString("path") : null;
            case SOCKET_READ, SOCKET_WRITE -> e.hasField("host") ? e.getString("host")
                    + (e.hasField("port") ? ":" + e.getInt("port") : "") : null;
            case MONITOR_ENTER, MONITOR_WAIT -> e.hasField("monitorClass") && e.getClass("monitorClass") != null
                    ? e.getClass("monitorClass").getName() : null;
            case SAFEPOINT, HELD_STACK -> null;
        };
        // a path or a host is the application's text: bounded, so that a stream line and a table cell stay small
        return text == null || text.isEmpty() ? null : text.length() <= 200 ? text : text.substring(0, 199) + "\u2026";
    }

    private static List<StackFrame> stack(RecordedEvent e) {
        if (e.getStackTrace() == null) {
            return List.of();
        }
        List<RecordedFrame> frames = e.getStackTrace().getFrames();
        int n = Math.min(FRAMES, frames.size());
        StackFrame[] out = new StackFrame[n];
        for (int i = 0; i < n; i++) {
            RecordedFrame f = frames.get(i);
            out[i] = new StackFrame(null, f.getMethod().getType().getName(), f.getMethod().getName(), null,
                    f.isJavaFrame() ? Math.max(f.getLineNumber(), StackFrame.UNKNOWN_LINE) : StackFrame.NATIVE_LINE);
        }
        return List.of(out);
    }
}
