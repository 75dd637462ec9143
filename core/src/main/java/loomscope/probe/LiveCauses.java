package loomscope.probe;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

import loomscope.recording.RunRecording;

/**
 * Classes a run's held mounts while it goes ({@link CauseClassifier#classifyLive}), a few times a second on a daemon
 * thread of its own, from the witnesses that have arrived: the sampled stacks and a hook's pinned parks at once, JFR's
 * events as they stream (about a second late). Until a witness arrives a held mount is drawn as held, not yet classed;
 * one that none explained within {@link #SETTLE_NANOS} of its end is unsure. The run's end classes everything anew
 * ({@link CauseClassifier#classify}), as before. Each pass looks back over a bounded time only: its cost follows the
 * rate of held mounts, not the run's length (docs/performance.md has the figures).
 */
public final class LiveCauses implements AutoCloseable {
    /** How long after a mount's end a witness may still arrive: JFR's stream delivers within about a second. */
    public static final long SETTLE_NANOS = TimeUnit.SECONDS.toNanos(3);
    /** A pass this often: a witness that arrived is on screen within this plus a frame. */
    static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /**
     * A witness that may still explain a mount (one inside a mount still open waits for its end) is kept for the passes
     * at most this long after its own end. A mount that lasts longer than this is classed by the run's end.
     */
    static final long KEPT_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** Where the witnesses come from: each list in arrival order, read from an index on. */
    public interface Source {
        List<PinnedEvent> pinsSince(int from);

        List<Witness> witnessesSince(int from);
    }

    private final RunRecording recording;
    private final List<Source> sources;
    private final int[] pinsRead;
    private final int[] witnessesRead;
    private final ArrayDeque<PinnedEvent> pins = new ArrayDeque<>();
    private final ArrayDeque<Witness> witnesses = new ArrayDeque<>();
    /** Mounts that ended before this were settled by an earlier pass. */
    private long settledBefore = CauseClassifier.WHOLE_RUN;
    private volatile boolean stopped;
    private volatile Thread thread;
    private volatile Throwable failure;
    private volatile long passes;
    private volatile long passNanos;

    LiveCauses(RunRecording recording, List<Source> sources) {
        this.recording = recording;
        this.sources = List.copyOf(sources);
        this.pinsRead = new int[sources.size()];
        this.witnessesRead = new int[sources.size()];
    }

    /**
     * Says to {@code recording} that its held mounts are classed while it goes ({@link RunRecording#expectWitnesses})
     * and starts the passes on a daemon thread named {@code threadName}; null for a run whose phases decide (the seed)
     * or that records no mounts.
     */
    public static LiveCauses start(RunRecording recording, List<Source> sources, String threadName) {
        if (!recording.recordsMounts() || recording.phasesDecide()) {
            return null;
        }
        recording.expectWitnesses();
        LiveCauses live = new LiveCauses(recording, sources);
        Thread t = new Thread(live::loop, threadName);
        t.setDaemon(true);
        live.thread = t;
        t.start();
        return live;
    }

    /** A source of two lists read from an index on. */
    public static Source source(IntFunction<List<PinnedEvent>> pinsSince, IntFunction<List<Witness>> witnessesSince) {
        return new Source() {
            @Override
            public List<PinnedEvent> pinsSince(int from) { return pinsSince.apply(from); }

            @Override
            public List<Witness> witnessesSince(int from) { return witnessesSince.apply(from); }
        };
    }

    private void loop() {
        try {
            while (!stopped) {
                long began = System.nanoTime();
                try {
                    passOnce();
                } catch (RuntimeException e) {
                    failure = e;   // this pass's: the next takes what arrived again; the run's end classes all anew
                }
                passNanos += System.nanoTime() - began;
                passes++;
                LockSupport.parkNanos(PERIOD_NANOS);
            }
        } catch (Error e) {
            failure = e;   // a probe never takes the run down: the run's end classes its mounts all the same
        }
    }

    /** One pass: takes what arrived, forgets what is too old, classes the mounts not yet settled. */
    void passOnce() {
        for (int s = 0; s < sources.size(); s++) {
            List<PinnedEvent> newPins = sources.get(s).pinsSince(pinsRead[s]);
            pinsRead[s] += newPins.size();
            pins.addAll(newPins);
            List<Witness> newWitnesses = sources.get(s).witnessesSince(witnessesRead[s]);
            witnessesRead[s] += newWitnesses.size();
            witnesses.addAll(newWitnesses);
        }
        long now = recording.now();
        long from = settledBefore;
        long settle = now - SETTLE_NANOS;
        long forget = now - KEPT_NANOS;
        Set<Object> pending = Collections.newSetFromMap(new IdentityHashMap<>());
        CauseClassifier.classifyLive(recording, new ArrayList<>(pins), new ArrayList<>(witnesses), from, settle, pending);
        // only what may still explain a mount not yet closed or settled is looked at again: a pass costs what arrived
        pins.removeIf(p -> p.end() < forget || !pending.contains(p));
        witnesses.removeIf(w -> w.end() < forget || !pending.contains(w));
        settledBefore = Math.max(from, settle);
    }

    /** Passes made so far, and their CPU on the wall: for the figures in docs/performance.md. */
    public long passes() { return passes; }

    public long passNanos() { return passNanos; }

    /** What went wrong in a pass (the latest), or null. */
    public Throwable failure() { return failure; }

    /** Stops the passes and waits for the one under way (at most a second): the run's end classes anew after it. */
    @Override
    public void close() {
        stopped = true;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
