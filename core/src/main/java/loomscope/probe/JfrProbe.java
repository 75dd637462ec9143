package loomscope.probe;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;
import loomscope.recording.RunRecording;

/**
 * The JDK's own record of pinning, streamed while the run goes: {@code jdk.VirtualThreadPinned} at threshold
 * 0 with stacks (the default 20 ms threshold would hide every 5 ms pin), virtual thread start/end and submit
 * failures.
 * <p>
 * Two JFR facts shape this class (see JDK-FACTS): events arrive 0.5–1 s after they happen (the stream
 * flushes once a second), and in a stream a virtual thread's {@code eventThread} is lost — so an event is
 * placed by its {@code carrierThread} (JDK 24+) and its start time and duration, converted onto the
 * recording clock with {@link ClockSyncEvent}s. The lag is measured per event and exposed, not hidden.
 */
public final class JfrProbe implements AutoCloseable {
    static final String PINNED = "jdk.VirtualThreadPinned";
    static final String STARTED = "jdk.VirtualThreadStart";
    static final String ENDED = "jdk.VirtualThreadEnd";
    static final String SUBMIT_FAILED = "jdk.VirtualThreadSubmitFailed";
    private static final String SYNC = "loomscope.ClockSync";

    private final RecordingStream stream;
    private final JfrClock clock = new JfrClock();
    private final AtomicInteger starts = new AtomicInteger();
    private final AtomicInteger ends = new AtomicInteger();
    private final AtomicInteger submitFailures = new AtomicInteger();
    /** Written by the stream's dispatcher thread only; read under this lock. */
    private final List<RawPinned> raw = new ArrayList<>();
    /** The other witnesses (WitnessEvents), with their start as JFR gave it; written and read as {@link #raw}. */
    private final List<RawWitness> rawWitnesses = new ArrayList<>();
    private final Map<List<StackFrame>, List<StackFrame>> stacks = new HashMap<>();
    private volatile long originNanoTime = Long.MIN_VALUE;
    private volatile boolean stopped;
    private volatile boolean complete;
    private final CountDownLatch ready = new CountDownLatch(1);

    /** A pinned event as delivered, before the clock mapping is known. */
    private record RawPinned(Instant start, long durationNanos, String carrier, String reason,
                             String blockingOperation, List<StackFrame> stack, long arrivedNanoTime) { }

    private record RawWitness(Instant start, Witness placedAtZero) { }

    private JfrProbe() {
        stream = new RecordingStream();
        stream.enable(PINNED).withThreshold(Duration.ZERO).withStackTrace();
        WitnessEvents.enable(stream, Runtime.version().feature());
        for (String event : WitnessEvents.events()) {
            stream.onEvent(event, this::onWitness);
        }
        stream.enable(STARTED).withoutStackTrace();
        stream.enable(ENDED).withoutStackTrace();
        stream.enable(SUBMIT_FAILED).withStackTrace();
        stream.enable(ClockSyncEvent.class).withThreshold(Duration.ZERO);
        stream.onEvent(PINNED, this::onPinned);
        stream.onEvent(STARTED, e -> starts.incrementAndGet());
        stream.onEvent(ENDED, e -> ends.incrementAndGet());
        stream.onEvent(SUBMIT_FAILED, e -> submitFailures.incrementAndGet());
        stream.onEvent(SYNC, e -> {
            clock.sync(e.getStartTime(), e.getLong("nanoBefore"), e.getLong("nanoAfter"));
            ready.countDown();
        });
        // One sync per flush keeps the mapping checked through the whole run at no measurable cost.
        stream.onFlush(() -> {
            if (!stopped) {
                ClockSyncEvent.emit();
            }
        });
    }

    /** Starts streaming; call before the run starts so that its first events are seen. */
    public static JfrProbe start() {
        JfrProbe probe = new JfrProbe();
        probe.stream.startAsync();
        ClockSyncEvent.emit();
        return probe;
    }

    /** How long a run waits for the stream's first event before it starts all the same. */
    static final long READY_CEILING_MILLIS = 3_000;
    /** How long {@link #finish} waits for what was recorded to be delivered. */
    static final long FINISH_CEILING_MILLIS = 10_000;

    /**
     * Waits until the stream has delivered its first event (up to a flush, ~1 s). Starting the run only then
     * keeps JFR's own start-up (class loading, the parser's first compilation) out of the timed run.
     */
    public boolean awaitReady(long millis) throws InterruptedException {
        return ready.await(millis, TimeUnit.MILLISECONDS);
    }

    /** Places events on {@code recording}'s clock from now on (and those already delivered). */
    public void attach(RunRecording recording) {
        originNanoTime = System.nanoTime() - recording.now();
        ClockSyncEvent.emit();
    }

    private void onPinned(RecordedEvent e) {
        long arrived = System.nanoTime();
        String carrier = threadName(e, "carrierThread");
        String reason = e.hasField("pinnedReason") ? e.getString("pinnedReason") : null;
        String op = e.hasField("blockingOperation") ? e.getString("blockingOperation") : null;
        RawPinned p = new RawPinned(e.getStartTime(), e.getDuration().toNanos(), carrier, reason, op, stackOf(e), arrived);
        synchronized (raw) {
            raw.add(p);
        }
    }

    private void onWitness(RecordedEvent e) {
        Witness w = WitnessEvents.of(e, 0);
        if (w != null) {
            synchronized (raw) {
                if (rawWitnesses.size() >= MAX_WITNESSES) {
                    witnessesNotKept++;
                    return;
                }
                // the stream's dispatcher is the only writer: a thousand reads share a handful of stacks
                Witness shared = new Witness(w.kind(), w.start(), w.duration(), w.detail(), stacks.computeIfAbsent(w.stack(), s -> s));
                rawWitnesses.add(new RawWitness(e.getStartTime(), shared));
            }
        }
    }

    /** A bound on this JVM's memory whatever the run's code does (a witness with a shared stack is ~100 bytes). */
    static final int MAX_WITNESSES = 1_000_000;
    /** Witnesses past {@link #MAX_WITNESSES}: the mounts they would explain are unsure. Under {@code raw}'s lock. */
    private long witnessesNotKept;

    /** How many witnesses were not kept (past the bound). */
    public long witnessesNotKept() {
        synchronized (raw) {
            return witnessesNotKept;
        }
    }

    /** The witnesses delivered so far, placed on the recording clock; empty until placeable. */
    public List<Witness> witnesses() {
        return witnessesSince(0);
    }

    /** Delivered witnesses from index {@code from} on, placed on the recording clock; empty until placeable. */
    public List<Witness> witnessesSince(int from) {
        if (!placeable()) {
            return List.of();
        }
        RawWitness[] copy;
        synchronized (raw) {
            copy = rawWitnesses.subList(Math.min(from, rawWitnesses.size()), rawWitnesses.size()).toArray(new RawWitness[0]);
        }
        long origin = originNanoTime;
        List<Witness> out = new ArrayList<>(copy.length);
        for (RawWitness r : copy) {
            Witness w = r.placedAtZero();
            out.add(new Witness(w.kind(), clock.nanoTimeOf(r.start()) - origin, w.duration(), w.detail(), w.stack()));
        }
        return out;
    }

    private static String threadName(RecordedEvent e, String field) {
        if (!e.hasField(field)) {
            return null;
        }
        RecordedThread t = e.getThread(field);
        return t == null ? null : t.getJavaName();
    }

    private List<StackFrame> stackOf(RecordedEvent e) {
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null) {
            return List.of();
        }
        List<RecordedFrame> frames = trace.getFrames();
        StackFrame[] out = new StackFrame[frames.size()];
        for (int i = 0; i < out.length; i++) {
            RecordedFrame f = frames.get(i);
            out[i] = new StackFrame(null, f.getMethod().getType().getName(), f.getMethod().getName(), null,
                    f.isJavaFrame() ? Math.max(f.getLineNumber(), StackFrame.UNKNOWN_LINE) : StackFrame.NATIVE_LINE);
        }
        // 5,000 pins share a handful of stacks: keep one copy of each.
        return stacks.computeIfAbsent(List.of(out), s -> s);
    }

    /** Pinned events delivered so far. */
    public int pinnedCount() {
        synchronized (raw) {
            return raw.size();
        }
    }

    /** Whether events can be placed on the recording clock yet (attached, and one sync event delivered). */
    public boolean placeable() {
        return originNanoTime != Long.MIN_VALUE && clock.known();
    }

    /** Delivered pinned events from index {@code from} on, placed on the recording clock; empty until placeable. */
    public List<PinnedEvent> pinnedEventsSince(int from) {
        if (!placeable()) {
            return List.of();
        }
        RawPinned[] copy;
        synchronized (raw) {
            copy = raw.subList(Math.min(from, raw.size()), raw.size()).toArray(new RawPinned[0]);
        }
        long origin = originNanoTime;
        List<PinnedEvent> out = new ArrayList<>(copy.length);
        for (RawPinned p : copy) {
            long start = clock.nanoTimeOf(p.start) - origin;
            out.add(new PinnedEvent(start, p.durationNanos, p.carrier, ThreadNames.carrierIndexOf(p.carrier),
                    p.reason, p.blockingOperation, p.stack, p.arrivedNanoTime - origin));
        }
        return out;
    }

    public List<PinnedEvent> pinnedEvents() {
        return pinnedEventsSince(0);
    }

    public int virtualThreadStarts() { return starts.get(); }

    public int virtualThreadEnds() { return ends.get(); }

    public int submitFailures() { return submitFailures.get(); }

    /** Our estimate of how far a placed event may be off on the recording clock (-1 before the first sync). */
    public long clockErrorNanos() { return clock.errorBoundNanos(); }

    public int clockSyncs() { return clock.syncs(); }

    /** Delivery lag of the pinned events so far: median and max, nanos; zeros when none arrived. */
    public LagStats lag() {
        List<PinnedEvent> events = pinnedEvents();
        long[] lags = new long[events.size()];
        for (int i = 0; i < lags.length; i++) {
            lags[i] = events.get(i).lag();
        }
        Arrays.sort(lags);
        return lags.length == 0 ? new LagStats(0, 0, 0) : new LagStats(lags.length, lags[lags.length / 2], lags[lags.length - 1]);
    }

    /** How late JFR delivers: what the UI states on screen. */
    public record LagStats(int events, long medianNanos, long maxNanos) { }

    /**
     * Waits until every event recorded so far has been delivered (so counts are final), then stops
     * recording. Safe to call twice. Returns whether the stream delivered everything in time.
     */
    public boolean finish(long timeoutMillis) throws InterruptedException {
        if (stopped) {
            return complete;
        }
        ClockSyncEvent.emit();
        stopped = true;
        // stop() waits for the last flush (up to ~1 s); never let a stuck stream hang the caller.
        Thread stopper = new Thread(stream::stop, "loomscope-jfr-stop");
        stopper.setDaemon(true);
        stopper.start();
        stopper.join(timeoutMillis);
        complete = !stopper.isAlive();
        if (!complete) {
            stream.close();
        }
        return complete;
    }

    /** False if {@link #finish} gave up waiting for the last events: counts may then be short. */
    public boolean complete() {
        return complete;
    }

    /**
     * Writes what was recorded to a .jfr file that {@code jfr summary} and JDK Mission Control open.
     * Call after {@link #finish(long)} and before {@link #close()}.
     */
    public void saveTo(Path file) throws IOException {
        stream.dump(file);
    }

    @Override
    public void close() {
        stopped = true;
        stream.close();
    }
}
