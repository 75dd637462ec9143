package loomscope.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

import loomscope.probe.SnapshotSource;
import loomscope.probe.StackFrame;
import loomscope.probe.ThreadNames;
import loomscope.probe.ThreadSample;
import loomscope.probe.ThreadSnapshot;
import loomscope.workload.VirtualThreads;
import loomscope.workload.WorkloadRun;

/**
 * The child's snapshot of a large run: at most {@value #MAX_SAMPLED} of its threads, evenly spread over the
 * task indices, each read with {@code getState()}, its carrier field and {@code getStackTrace()} (the calls that
 * have never crashed a JVM here).
 * <p>
 * Why not HotSpot's JSON dump above that size: a dump holds every thread of the JVM (~250 bytes of JSON each,
 * ~250 MB at 1,000,000 threads) and was parsed whole in the child's heap and sent as one line; at 300,000 and
 * 1,000,000 threads the child's stream could not be drained before it exited. A sample keeps the cost of a pass,
 * its line and the parent's copy the same at any thread count.
 */
final class SampledSnapshot {

    /** Threads looked at per pass; the same as the largest run whose every thread a HotSpot dump shows. */
    static final int MAX_SAMPLED = 5_000;

    private SampledSnapshot() { }

    /** Whether a run of {@code threads} threads is sampled rather than dumped whole. */
    static boolean sampled(int threads) {
        return threads > MAX_SAMPLED;
    }

    /** The note the user sees once: how many threads each snapshot shows. */
    static String note(int threads) {
        return String.format(Locale.ROOT, "snapshots: sampled %,d of %,d threads each pass (a whole HotSpot dump"
                + " of that many threads is too large to take while the run goes on)", Math.min(threads, MAX_SAMPLED), threads);
    }

    /**
     * One pass over at most {@code max} of the threads {@code run} has created so far.
     *
     * @param clock the stream's clock ({@link EventStreamer#now()})
     */
    static ThreadSnapshot take(WorkloadRun run, int max, LongSupplier clock) {
        long began = clock.getAsLong();
        int created = run.created();
        int count = Math.min(created, max);
        List<ThreadSample> samples = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            int task = (int) ((long) k * created / count);   // evenly spread, first task included
            Thread t = run.thread(task);
            if (t != null) {
                samples.add(sample(task, t, clock));
            }
        }
        return new ThreadSnapshot(began, clock.getAsLong() - began, SnapshotSource.IN_PROCESS,
                Runtime.version().toString(), samples);
    }

    private static ThreadSample sample(int task, Thread t, LongSupplier clock) {
        long from = clock.getAsLong();
        Thread carrier = VirtualThreads.carrierOf(t);
        Thread.State state = t.getState();
        long to = clock.getAsLong();
        StackTraceElement[] trace = t.getStackTrace();
        List<StackFrame> stack = new ArrayList<>(Math.min(trace.length, SnapshotCodec.FRAMES));
        for (int i = 0; i < Math.min(trace.length, SnapshotCodec.FRAMES); i++) {
            stack.add(StackFrame.of(trace[i]));
        }
        String carrierName = carrier == null ? null : carrier.getName();
        return new ThreadSample(task, t.getName(), t.threadId(), t.isVirtual(), state, t.isVirtual(), carrierName,
                ThreadNames.carrierIndexOf(carrierName), from, to, stack);
    }
}
