package loomscope.runs;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;
import loomscope.clock.WallAndNanoTime;
import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.probe.ThreadNames;
import loomscope.probe.Witness;
import loomscope.probe.WitnessEvents;

/**
 * The child's JFR stream of {@code jdk.VirtualThreadPinned}, sent as {@code X pinned} lines, and of the other
 * {@linkplain WitnessEvents witnesses} of why a carrier was held, sent as {@code X witness} lines. The threshold
 * is 0 because the default 20 ms would hide the 5 ms pins; JFR delivers them 0.5-1 s late (a fixed flush
 * period), and {@code eventThread} is often null in a stream, so the carrier and the time place an event.
 * Sent as the probe model's {@link PinnedEvent}, {@code arrivedAt} being when the child's stream delivered it.
 * <pre>pinned start duration arrivedAt carrier(-|name) reason(-|text) operation(-|text) frame,frame,...</pre>
 */
final class PinnedEvents implements AutoCloseable {

    static final String KIND = "pinned";
    static final String WITNESS = "witness";
    private static final String EVENT = "jdk.VirtualThreadPinned";
    private static final String NONE = "-";

    private final RecordingStream stream;

    private PinnedEvents(RecordingStream stream) {
        this.stream = stream;
    }

    static PinnedEvents start(EventStreamer streamer) {
        return start(streamer, true);
    }

    /** {@code waitForFirstFlush} false: the recording has started when this returns; its stream finishes starting meanwhile. */
    static PinnedEvents start(EventStreamer streamer, boolean waitForFirstFlush) {
        RecordingStream stream = new RecordingStream();
        stream.enable(EVENT).withThreshold(Duration.ZERO).withStackTrace();
        WitnessEvents.enable(stream, Runtime.version().feature());
        WallAndNanoTime clocks = WallAndNanoTime.read();
        stream.onEvent(EVENT, e -> streamer.sendLine(Wire.PROBE + " "
                + encode(e, streamer.relative(clocks.nanoTimeOf(e.getStartTime())), streamer.now())));
        for (String event : WitnessEvents.events()) {
            stream.onEvent(event, e -> {
                Witness w = WitnessEvents.of(e, streamer.relative(clocks.nanoTimeOf(e.getStartTime())));
                if (w != null) {
                    streamer.sendLine(Wire.PROBE + " " + encodeWitness(w));
                }
            });
        }
        // Start the run only once JFR runs (its first flush, ~1 s): its start-up must not be timed with the run.
        CountDownLatch flushed = new CountDownLatch(1);
        stream.onFlush(flushed::countDown);
        stream.startAsync();
        if (!waitForFirstFlush) {
            return new PinnedEvents(stream);
        }
        try {
            if (!flushed.await(5, TimeUnit.SECONDS)) {
                streamer.sendLine(Wire.PROBE + " note JFR did not start within 5 s; the run starts anyway");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new PinnedEvents(stream);
    }

    /**
     * Frames sent per event: deeper than a snapshot's, so that the task's own frame is there under the JDK's sleep,
     * park and yield frames (the code pane marks your code's line from it). Pinned events are few.
     */
    static final int FRAMES = 24;

    private static String encode(RecordedEvent e, long start, long arrivedAt) {
        RecordedThread carrier = e.hasField("carrierThread") ? e.getThread("carrierThread") : null;
        StringBuilder b = new StringBuilder(KIND).append(' ').append(start).append(' ').append(e.getDuration().toNanos())
                .append(' ').append(arrivedAt)
                .append(' ').append(carrier == null || carrier.getJavaName() == null ? NONE : enc(carrier.getJavaName()))
                .append(' ').append(e.hasField("pinnedReason") ? enc(e.getString("pinnedReason")) : NONE)
                .append(' ').append(e.hasField("blockingOperation") ? enc(e.getString("blockingOperation")) : NONE)
                .append(' ');
        List<RecordedFrame> frames = e.getStackTrace() == null ? List.of() : e.getStackTrace().getFrames();
        int n = Math.min(FRAMES, frames.size());
        for (int i = 0; i < n; i++) {
            RecordedFrame f = frames.get(i);
            StackFrame frame = new StackFrame(null, f.getMethod().getType().getName(), f.getMethod().getName(), null,
                    f.isJavaFrame() ? f.getLineNumber() : StackFrame.NATIVE_LINE);
            b.append(i == 0 ? "" : ",").append(enc(frame.toString()));
        }
        return n == 0 ? b.append(NONE).toString() : b.toString();
    }

    /** {@code witness KIND start duration detail(-|text) frame,frame,...}: a {@link Witness} beside the pinned events. */
    static String encodeWitness(Witness w) {
        StringBuilder b = new StringBuilder(WITNESS).append(' ').append(w.kind().name()).append(' ').append(w.start())
                .append(' ').append(w.duration()).append(' ').append(w.detail() == null ? NONE : enc(w.detail())).append(' ');
        for (int i = 0; i < w.stack().size(); i++) {
            b.append(i == 0 ? "" : ",").append(enc(w.stack().get(i).toString()));
        }
        return w.stack().isEmpty() ? b.append(NONE).toString() : b.toString();
    }

    /** @throws IllegalArgumentException if the line is not an encoded witness */
    static Witness decodeWitness(String line) {
        String[] f = line.split(" ", -1);
        if (f.length != 6 || !f[0].equals(WITNESS)) {
            throw new IllegalArgumentException("not a witness line");
        }
        List<StackFrame> stack = new ArrayList<>();
        if (!f[5].equals(NONE)) {
            for (String frame : f[5].split(",")) {
                stack.add(StackFrame.parse(dec(frame)));
            }
        }
        long duration = Long.parseLong(f[3]);
        if (duration < 0 || stack.size() > WitnessEvents.FRAMES) {
            throw new IllegalArgumentException("a witness with a negative duration or too many frames");
        }
        return new Witness(Witness.Kind.valueOf(f[1]), Long.parseLong(f[2]), duration,
                f[4].equals(NONE) ? null : dec(f[4]), stack);
    }

    /** @throws IllegalArgumentException if the line is not an encoded pinned event */
    static PinnedEvent decode(String line) {
        String[] f = line.split(" ", -1);
        if (f.length != 8 || !f[0].equals(KIND)) {
            throw new IllegalArgumentException("not a pinned-event line");
        }
        List<StackFrame> stack = new ArrayList<>();
        if (!f[7].equals(NONE)) {
            for (String frame : f[7].split(",")) {
                stack.add(StackFrame.parse(dec(frame)));
            }
        }
        String carrier = f[4].equals(NONE) ? null : dec(f[4]);
        return new PinnedEvent(Long.parseLong(f[1]), Long.parseLong(f[2]), carrier, ThreadNames.carrierIndexOf(carrier),
                f[5].equals(NONE) ? null : dec(f[5]), f[6].equals(NONE) ? null : dec(f[6]), stack, Long.parseLong(f[3]));
    }

    private static String enc(String s) {
        return s == null ? NONE : s.isEmpty() ? "%00" : URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String dec(String s) {
        return s.equals("%00") ? "" : URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        // stop() waits until every recorded event has been delivered: JFR's last pins arrive up to a second late
        stream.stop();
        stream.close();
    }
}
