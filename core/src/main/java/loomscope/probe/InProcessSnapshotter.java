package loomscope.probe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import loomscope.recording.RunRecording;
import loomscope.workload.VirtualThreads;
import loomscope.workload.WorkloadRun;

/**
 * Polls every thread of a run — {@code getState()}, its carrier (the JDK's {@code carrierThread} field) and
 * {@code getStackTrace()} — at a rate the user sets, and keeps each snapshot with the run.
 * <p>
 * Why not HotSpot's thread dump: {@code dumpThreads} while virtual threads mount, unmount and end crashed
 * JDK 25.0.3 here (SIGSEGV in {@code GetThreadSnapshotClosure}, JDK-8359870 / JDK-8364343). These per-thread
 * calls are the JDK's own public API; a pass over 5,000 threads takes 20–50 ms and has never crashed.
 * <p>
 * Runs on one platform daemon thread (a virtual one would add churn to the very scheduler we observe). A
 * pass that overruns its period is followed by a pause at least as long as it took, so the poller never
 * takes more than half of one core.
 * <p>
 * State and carrier cost ~0.3 ms for 5,000 threads; stacks cost 30–190 ms (measured here, mid-run), and
 * that CPU is taken from a 2-core machine whose other core runs the carrier. So every pass reads every
 * thread's state and carrier, the stacks of all mounted threads, and the stacks of the others in turn
 * within {@link #STACK_BUDGET_NANOS}; a sample whose stack was not taken in its pass has an empty stack,
 * and {@link #lastStackOf} says which stack is the newest and when it was taken.
 */
public final class InProcessSnapshotter implements AutoCloseable {

    /** Rates the user can choose, per second. The highest is what the stress test runs 20 times. */
    public static final List<Double> OFFERED_RATES_HZ = List.of(0.5, 1.0, 2.0, 5.0, 10.0);
    public static final double DEFAULT_RATE_HZ = 2.0;

    /** Time per pass for the stacks of unmounted threads (mounted ones always get theirs). */
    static final long STACK_BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(8);

    /** Beyond this many kept snapshots every other one is dropped: a long run keeps its whole span, coarser. */
    static final int MAX_KEPT = 600;
    /**
     * Beyond this many samples in all kept snapshots together (~27 bytes each, ~270 MB) every other one is dropped
     * too: at 1,000,000 threads one snapshot holds 1,000,000 samples, and 600 of them would not fit any heap.
     */
    static final long MAX_KEPT_SAMPLES = 10_000_000;

    private final WorkloadRun run;
    private final RunRecording recording;
    private final Thread poller;
    private final List<String> carrierNames = new CopyOnWriteArrayList<>();
    private final Map<String, Integer> carrierIds = new HashMap<>();
    private final List<List<StackFrame>> stacks = new CopyOnWriteArrayList<>();
    private final Map<List<StackTraceElement>, Integer> stackIds = new HashMap<>();
    private final Map<StackTraceElement, StackFrame> frames = new HashMap<>();
    private final List<ThreadSnapshot> kept = new ArrayList<>();
    private final List<SnapshotAgreement> agreements = new ArrayList<>();
    private volatile long periodNanos;
    private volatile boolean stopped;
    private volatile ThreadSnapshot latest;
    private volatile SnapshotAgreement latestAgreement;
    private volatile Throwable failure;
    private int taken;
    private long totalPassNanos;
    /** Per task: id of its newest stack and when it was taken (recording clock); -1 before the first. */
    private final int[] lastStackId;
    private final long[] lastStackAt;
    private int stackCursor;

    private InProcessSnapshotter(WorkloadRun run, RunRecording recording, double rateHz) {
        this.run = run;
        this.recording = recording;
        setRate(rateHz);
        lastStackId = new int[run.config().threads()];
        lastStackAt = new long[run.config().threads()];
        Arrays.fill(lastStackId, -1);
        Arrays.fill(lastStackAt, -1);
        stacks.add(List.of());
        stackIds.put(List.of(), 0);
        this.poller = new Thread(this::pollUntilStopped, "loomscope-snapshots");
        poller.setDaemon(true);
    }

    /** Starts polling {@code run}'s threads; times go on {@code recording}'s clock. */
    public static InProcessSnapshotter start(WorkloadRun run, RunRecording recording, double rateHz) {
        InProcessSnapshotter s = new InProcessSnapshotter(run, recording, rateHz);
        s.poller.start();
        return s;
    }

    /** Changes the rate while polling; takes effect after the current pause. */
    public void setRate(double rateHz) {
        if (!(rateHz > 0 && rateHz <= OFFERED_RATES_HZ.get(OFFERED_RATES_HZ.size() - 1))) {
            throw new IllegalArgumentException("snapshot rate must be > 0 and at most "
                    + OFFERED_RATES_HZ.get(OFFERED_RATES_HZ.size() - 1) + " per second, was " + rateHz);
        }
        periodNanos = (long) (1e9 / rateHz);
    }

    public double rateHz() {
        return 1e9 / periodNanos;
    }

    private void pollUntilStopped() {
        try {
            while (!stopped) {
                long began = System.nanoTime();
                boolean runOver = run.isFinished();
                takeOne();
                if (runOver) {
                    return; // one last look at the finished run, then nothing changes any more
                }
                long took = System.nanoTime() - began;
                long pause = Math.max(periodNanos - took, took);
                long until = System.nanoTime() + pause;
                while (!stopped && !run.isFinished() && System.nanoTime() < until) {
                    LockSupport.parkNanos(Math.min(until - System.nanoTime(), TimeUnit.MILLISECONDS.toNanos(20)));
                }
            }
        } catch (RuntimeException | Error e) {
            // A probe must never take the app down: record why it stopped and let the run go on.
            failure = e;
        }
    }

    /** One pass over every thread of the run. Package-private so tests can take one on demand. */
    synchronized ThreadSnapshot takeOne() {
        long began = recording.now();
        int created = run.created();
        boolean[] mounted = new boolean[created];
        PackedSamples.Builder b = new PackedSamples.Builder(began);
        for (int i = 0; i < created; i++) {
            Thread t = run.thread(i);
            if (t == null) {
                continue;
            }
            long from = recording.now();
            Thread carrier = VirtualThreads.carrierOf(t);
            Thread.State state = t.getState();
            long to = recording.now();
            mounted[i] = carrier != null;
            int stack = carrier != null ? takeStack(i, t) : 0;
            b.add(i, t.threadId(), t.isVirtual(), state, carrier == null ? -1 : carrierId(carrier.getName()), from, to, stack);
        }
        long stacksUntil = System.nanoTime() + STACK_BUDGET_NANOS;
        for (int k = 0; k < created && System.nanoTime() < stacksUntil; k++) {
            int i = (stackCursor + k) % created;
            Thread t = run.thread(i);
            if (t != null && !mounted[i] && t.isAlive()) {
                b.setStack(i, takeStack(i, t));
            }
            stackCursor = (i + 1) % created;
        }
        long took = recording.now() - began;
        ThreadSnapshot snapshot = new ThreadSnapshot(began, took, SnapshotSource.IN_PROCESS, Runtime.version().toString(),
                b.build(carrierNames, stacks));
        SnapshotAgreement agreement = recording.recordsMounts() && snapshot.reportsCarriers()
                ? SnapshotAgreement.of(snapshot, recording) : null;
        synchronized (kept) {
            taken++;
            totalPassNanos += took;
            kept.add(snapshot);
            thinOut(kept, MAX_KEPT, MAX_KEPT_SAMPLES);
            if (agreement != null) {
                agreements.add(agreement);
            }
        }
        latest = snapshot;
        latestAgreement = agreement;
        return snapshot;
    }

    private int takeStack(int task, Thread t) {
        int id = stackId(t.getStackTrace());
        long at = recording.now();
        synchronized (lastStackId) {
            lastStackId[task] = id;
            lastStackAt[task] = at;
        }
        return id;
    }

    /** A thread's newest stack and when it was taken (recording clock). */
    public record KnownStack(List<StackFrame> stack, long takenAt) { }

    /** The newest stack taken of task {@code taskIndex}, in any pass; null if none yet. */
    public KnownStack lastStackOf(int taskIndex) {
        synchronized (lastStackId) {
            if (taskIndex < 0 || taskIndex >= lastStackId.length || lastStackId[taskIndex] < 0) {
                return null;
            }
            return new KnownStack(stacks.get(lastStackId[taskIndex]), lastStackAt[taskIndex]);
        }
    }

    /**
     * Drops every other snapshot (the first stays: the run's whole span is kept, coarser) until at most
     * {@code maxKept} snapshots with at most {@code maxSamples} samples together remain, or one.
     */
    static void thinOut(List<ThreadSnapshot> kept, int maxKept, long maxSamples) {
        while (kept.size() > 1 && (kept.size() > maxKept || samplesIn(kept) > maxSamples)) {
            List<ThreadSnapshot> everyOther = new ArrayList<>(kept.size() / 2 + 1);
            for (int i = 0; i < kept.size(); i += 2) {
                everyOther.add(kept.get(i));
            }
            kept.clear();
            kept.addAll(everyOther);
        }
    }

    private static long samplesIn(List<ThreadSnapshot> snapshots) {
        long n = 0;
        for (ThreadSnapshot s : snapshots) {
            n += s.samples().size();
        }
        return n;
    }

    private int carrierId(String name) {
        return carrierIds.computeIfAbsent(name, n -> {
            carrierNames.add(n);
            return carrierNames.size() - 1;
        });
    }

    private int stackId(StackTraceElement[] trace) {
        List<StackTraceElement> key = Arrays.asList(trace);
        Integer id = stackIds.get(key);
        if (id != null) {
            return id;
        }
        List<StackFrame> stack = new ArrayList<>(trace.length);
        for (StackTraceElement e : trace) {
            stack.add(frames.computeIfAbsent(e, StackFrame::of));
        }
        stacks.add(List.copyOf(stack));
        stackIds.put(List.copyOf(key), stacks.size() - 1);
        return stacks.size() - 1;
    }

    /** Stops polling, after one last snapshot if the run has ended; waits at most {@code millis}. */
    public void stop(long millis) throws InterruptedException {
        if (run.isFinished()) {
            poller.join(millis);
        }
        stopped = true;
        LockSupport.unpark(poller);
        poller.join(millis);
    }

    @Override
    public void close() {
        stopped = true;
        LockSupport.unpark(poller);
    }

    /** The newest snapshot, or null before the first. */
    public ThreadSnapshot latest() { return latest; }

    /** Agreement of the newest snapshot (null before the first, or if this run's mounts are not recorded). */
    public SnapshotAgreement latestAgreement() { return latestAgreement; }

    /** Snapshots kept with the run, oldest first (all of them, or every 2^k-th one for a long run). */
    public List<ThreadSnapshot> snapshots() {
        synchronized (kept) {
            return List.copyOf(kept);
        }
    }

    /** The newest kept snapshot taken at or before recording time {@code t}, or null: for replay. */
    public ThreadSnapshot snapshotAt(long t) {
        synchronized (kept) {
            ThreadSnapshot found = null;
            for (ThreadSnapshot s : kept) {
                if (s.takenAt() > t) {
                    break;
                }
                found = s;
            }
            return found;
        }
    }

    /** Agreement over every snapshot taken (kept or thinned out); null if none could be checked. */
    public SnapshotAgreement overallAgreement() {
        synchronized (kept) {
            return agreements.isEmpty() ? null : SnapshotAgreement.overall(agreements);
        }
    }

    /** Every snapshot's own agreement, in order. */
    public List<SnapshotAgreement> agreements() {
        synchronized (kept) {
            return List.copyOf(agreements);
        }
    }

    public int taken() {
        synchronized (kept) {
            return taken;
        }
    }

    /** Mean time one pass over all threads took, nanos. */
    public long meanPassNanos() {
        synchronized (kept) {
            return taken == 0 ? 0 : totalPassNanos / taken;
        }
    }

    /** What stopped the poller early, or null. */
    public Throwable failure() { return failure; }
}
