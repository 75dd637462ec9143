package loomscope.agent;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import loomscope.clock.BlockedTime;
import loomscope.clock.ProcFiles;

/**
 * A carrier's own clocks around its mount episodes: the same rule as LoomScope's carrier pool (core's
 * {@code loomscope.workload.CarrierClock} and {@code BlockedTime}, copied here because the agent carries nothing of
 * LoomScope's), so an attached application's pins mean what a LoomScope run's mean. In the hooks the current thread
 * is the carrier, so its CPU clock and its {@code /proc/thread-self} files are the carrier's.
 * <p>
 * An episode shorter than the 1 ms floor cannot have blocked for it and reads nothing; a longer one reads the CPU
 * clock, schedstat (run-queue wait, times scheduled), the involuntary switch count and the collectors, and is judged
 * against marks taken at most {@value #MARK_AGE_NANOS} ns before its start.
 */
final class CarrierClock {
    static final long MIN_BLOCKED_NANOS = BlockedTime.MIN_BLOCKED_NANOS;
    static final long UNMEASURED = BlockedTime.UNMEASURED;
    private static final long UNKNOWN = -1;
    private static final long MARK_AGE_NANOS = 500_000;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final GarbageCollectorMXBean[] COLLECTORS =
            ManagementFactory.getGarbageCollectorMXBeans().toArray(new GarbageCollectorMXBean[0]);
    private static final boolean CPU_CLOCK = cpuClockAvailable();

    private final FileChannel schedstat;
    private final FileChannel status;
    private final ByteBuffer buffer = ByteBuffer.allocate(96);
    private final ByteBuffer statusBuffer = ByteBuffer.allocate(4096);
    private long queue = UNKNOWN;
    private long scheduled = UNKNOWN;
    private long cpuMark;
    private long queueMark;
    private long scheduledMark;
    private long markNanos;
    private long involuntaryMark;
    private long gcCountMark;
    private long gcMillisMark;

    private CarrierClock(FileChannel schedstat, FileChannel status) {
        this.schedstat = schedstat;
        this.status = status;
        markClocks(System.nanoTime());
        involuntaryMark = involuntary();
        markCollections();
    }

    /** On the carrier itself. */
    static CarrierClock forCurrentThread() {
        return new CarrierClock(ProcFiles.openThreadSelf("schedstat"), ProcFiles.openThreadSelf("status"));
    }

    /** Loads what the clocks need before any hook runs (class loading inside mount() only costs the carrier time). */
    static boolean warmUp() {
        return CPU_CLOCK;
    }

    void startMount(long now) {
        if (now - markNanos > MARK_AGE_NANOS) {
            markClocks(now);
        }
    }

    /** The episode's blocked value: ns blocked (>= 0), {@link #UNMEASURED}, or unsure ({@code <= -2}, see core's BlockedTime). */
    long endMount(long startNanos, long endNanos) {
        long wall = endNanos - startNanos;
        if (wall < MIN_BLOCKED_NANOS) {
            return 0;
        }
        long before = Math.max(0, startNanos - markNanos);
        long cpuBefore = cpuMark;
        long queueBefore = queueMark;
        long scheduledBefore = scheduledMark;
        markClocks(endNanos);
        long cpu = delta(cpuMark, cpuBefore);
        long queued = delta(queueMark, queueBefore);
        long switches = delta(scheduledMark, scheduledBefore);
        long involuntaryNow = involuntary();
        long preempted = delta(involuntaryNow, involuntaryMark);
        involuntaryMark = involuntaryNow;
        long gcMillisBefore = gcMillisMark;
        boolean collected = markCollections();
        long gcPause = collected ? Math.min(wall, (gcMillisMark - gcMillisBefore + 1) * 1_000_000) : 0;
        return BlockedTime.judge(wall, cpu, queued, switches, preempted, gcPause, before);
    }


    private void markClocks(long nanos) {
        cpuMark = CPU_CLOCK ? THREADS.getCurrentThreadCpuTime() : UNKNOWN;
        readSchedstat();
        queueMark = queue;
        scheduledMark = scheduled;
        markNanos = nanos;
    }

    private static long delta(long now, long mark) {
        return now < 0 || mark < 0 ? UNKNOWN : now - mark;
    }

    private boolean markCollections() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : COLLECTORS) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        boolean collected = count != gcCountMark;
        gcCountMark = count;
        gcMillisMark = millis;
        return collected;
    }

    private void readSchedstat() {
        queue = UNKNOWN;
        scheduled = UNKNOWN;
        if (schedstat == null) {
            return;
        }
        try {
            buffer.clear();
            int n = schedstat.read(buffer, 0);
            if (n > 0) {
                queue = ProcFiles.field(buffer.array(), n, 1);
                scheduled = ProcFiles.field(buffer.array(), n, 2);
            }
        } catch (IOException e) {
            // stays UNKNOWN
        }
    }

    private long involuntary() {
        if (status == null) {
            return UNKNOWN;
        }
        try {
            statusBuffer.clear();
            int n = status.read(statusBuffer, 0);
            return n > 0 ? ProcFiles.valueAfter(statusBuffer.array(), n, ProcFiles.PREEMPTED_KEY) : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        }
    }




    private static boolean cpuClockAvailable() {
        try {
            if (THREADS.isCurrentThreadCpuTimeSupported() && !THREADS.isThreadCpuTimeEnabled()) {
                THREADS.setThreadCpuTimeEnabled(true);
            }
            return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.getCurrentThreadCpuTime() >= 0;
        } catch (UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
