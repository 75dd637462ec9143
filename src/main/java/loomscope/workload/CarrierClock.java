package loomscope.workload;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A carrier's own clocks, read at the start and end of every mount, so that a mount can be judged by what its
 * carrier did rather than by what the code in it says it did: of a mount's wall time, the part that was neither
 * on a CPU (the thread's CPU clock) nor waiting for one (Linux's run-queue wait, {@code /proc/thread-self/schedstat})
 * is time the carrier spent blocked with the virtual thread still mounted — the carrier wasted, whatever the code.
 * <p>
 * One instance per carrier, used only by that carrier (its schedstat file names that carrier's task). The CPU
 * clock is read through {@link ThreadMXBean#getCurrentThreadCpuTime()}, exact for a running thread; schedstat's own
 * CPU figure is only brought up to date at the scheduler's ticks, its run-queue wait is exact for a running thread.
 * Costs measured in docs/performance.md ("The generic rule").
 */
public final class CarrierClock {
    /** Not measurable in this JVM or on this OS. */
    static final long UNKNOWN = -1;

    /**
     * Blocked time below this is a stall, not a block: a short safepoint, a page fault, a lock handed over. Below it
     * a mount's blocked time is not worked out exactly (its end costs one clock read instead of four), since no
     * verdict depends on it.
     */
    public static final long MIN_BLOCKED_NANOS = 1_000_000;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final GarbageCollectorMXBean[] COLLECTORS =
            ManagementFactory.getGarbageCollectorMXBeans().toArray(new GarbageCollectorMXBean[0]);
    private static final boolean CPU_CLOCK = cpuClockAvailable();

    private static final byte[] PREEMPTED_KEY = "nonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);

    private final FileChannel schedstat;
    private final FileChannel status;
    private final ByteBuffer buffer = ByteBuffer.allocate(96);
    private final ByteBuffer statusBuffer = ByteBuffer.allocate(4096);
    private long queue = UNKNOWN;
    private long scheduled = UNKNOWN;
    private long preempted;

    /**
     * A carrier's first mounts: between them it still loads and links the pool's classes and runs them interpreted,
     * milliseconds of its own CPU time that would be counted into the next mount (measured on a cold JDK 21: the
     * first pinned 5 ms sleep judged not blocked). Those mounts read every clock at their start as well.
     */
    private static final int COLD_MOUNTS = 200;

    /** The carrier's CPU clock at the end of its last mount (or its start, or a cold mount's start). */
    private long cpuMark;
    private int mounts;
    /** schedstat's figures at the last read, and whether that read ended the carrier's previous mount. */
    private long queueMark;
    private long scheduledMark;
    private boolean marksFresh;

    private CarrierClock(FileChannel schedstat, FileChannel status) {
        this.schedstat = schedstat;
        this.status = status;
        this.preempted = readPreempted();
        this.cpuMark = cpuNanos();
        readSchedstat();
        this.queueMark = queue;
        this.scheduledMark = scheduled;
        this.marksFresh = true;
    }

    /**
     * At the end of a mount, on its carrier: the mount's blocked time ({@link #blockedNanos}), {@link #UNKNOWN}
     * without a CPU clock. Cheap for the common mount: one CPU clock read, since once the carrier is warm its CPU time
     * between two mounts is the pool's own few microseconds, the mount's CPU time is counted from the end of the last one.
     * Only a mount whose wall time is at least {@link #MIN_BLOCKED_NANOS} more than its CPU time reads schedstat,
     * the preemption count and the collectors. Their marks are those of the last such read: exact when it ended the
     * carrier's previous mount (a pinned carrier's run of mounts), otherwise older, and then the run-queue wait
     * subtracted can only be too large: the mount may be judged not blocked, never blocked wrongly.
     *
     * @param gcCountStart  {@link #gcCount()} at the mount's start
     * @param gcMillisStart {@link #gcMillis()} at the mount's start
     */
    /** At a mount's start: only while the carrier is cold (see {@link #COLD_MOUNTS}) does this read the clocks. */
    void startMount() {
        if (mounts < COLD_MOUNTS) {
            preemptionsSinceLastCall();
            readSchedstat();
            queueMark = queue;
            scheduledMark = scheduled;
            marksFresh = true;
            cpuMark = cpuNanos();
        }
    }

    long endMount(long wallNanos, long gcCountStart, long gcMillisStart) {
        mounts++;
        long cpuNow = cpuNanos();
        long cpu = cpuNow < 0 || cpuMark < 0 ? UNKNOWN : cpuNow - cpuMark;
        cpuMark = cpuNow;
        long blocked = blockedNanos(wallNanos, cpu, 0, 0);
        boolean fresh = marksFresh;
        marksFresh = false;
        if (blocked < MIN_BLOCKED_NANOS) {
            return blocked;
        }
        readSchedstat();
        // run-queue wait is a preemption of running code only if the kernel preempted it; else it followed a wake-up
        long waited = queue < 0 || queueMark < 0 || preemptionsSinceLastCall() == 0 ? 0 : queue - queueMark;
        long gcPause = gcCount() == gcCountStart ? 0 : (gcMillis() - gcMillisStart + 1) * 1_000_000;
        boolean neverOffCpu = fresh && scheduledMark >= 0 && scheduled == scheduledMark;
        queueMark = queue;
        scheduledMark = scheduled;
        marksFresh = true;
        return neverOffCpu ? 0 : blockedNanos(wallNanos, cpu, waited, gcPause);
    }

    /** Call on the carrier itself. */
    static CarrierClock forCurrentThread() {
        return new CarrierClock(open("/proc/thread-self/schedstat"), open("/proc/thread-self/status"));
    }

    /** This thread's CPU time in nanoseconds, or {@link #UNKNOWN}. */
    long cpuNanos() {
        return CPU_CLOCK ? THREADS.getCurrentThreadCpuTime() : UNKNOWN;
    }

    /**
     * Reads this thread's schedstat line; afterwards {@link #runQueueNanos()} and {@link #timesScheduled()} give its
     * figures, or {@link #UNKNOWN} (not Linux).
     */
    void readSchedstat() {
        queue = UNKNOWN;
        scheduled = UNKNOWN;
        if (schedstat == null) {
            return;
        }
        try {
            buffer.clear();
            int n = schedstat.read(buffer, 0);
            if (n > 0) {
                byte[] text = buffer.array();
                queue = field(text, n, 1);
                scheduled = field(text, n, 2);
            }
        } catch (IOException e) {
            // stays UNKNOWN
        }
    }

    /** Nanoseconds this thread has waited in a run queue for a CPU, as of the last {@link #readSchedstat()}. */
    long runQueueNanos() {
        return queue;
    }

    /**
     * How many times the kernel has put this thread on a CPU, as of the last {@link #readSchedstat()}. A thread that
     * blocks is put on a CPU again when it wakes; a thread that was never taken off its CPU during a mount did not
     * block in it, whatever its clocks say (a virtual machine's host can stop the whole virtual CPU).
     */
    long timesScheduled() {
        return scheduled;
    }

    /**
     * How many times the kernel took this thread off a CPU it still wanted (preempted it) since the last call, or
     * {@link #UNKNOWN}. Read only after a mount that may have blocked (it costs a few microseconds), so the first
     * such mount after a run of short ones also counts preemptions between them: it then keeps its run-queue wait
     * subtracted, as without this figure.
     * <p>
     * Why it matters: a thread that sleeps may be woken before its time (a stale unpark permit) and then wait for a
     * CPU on a busy machine; measured here, a JDK 21 pinned 5 ms sleep spent 4.1 ms of it in the run queue. That
     * wait is part of the block, not a preemption of running code. With no preemption in the mount, every run-queue
     * wait in it followed a wake-up.
     */
    long preemptionsSinceLastCall() {
        long now = readPreempted();
        long since = now < 0 || preempted < 0 ? UNKNOWN : now - preempted;
        preempted = now;
        return since;
    }

    private long readPreempted() {
        if (status == null) {
            return UNKNOWN;
        }
        try {
            statusBuffer.clear();
            int n = status.read(statusBuffer, 0);
            return n > 0 ? valueAfter(statusBuffer.array(), n, PREEMPTED_KEY) : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    /** The decimal number after {@code key} (and any tabs or spaces) in {@code text}, or {@link #UNKNOWN}. */
    static long valueAfter(byte[] text, int length, byte[] key) {
        outer:
        for (int i = 0; i + key.length <= length; i++) {
            for (int k = 0; k < key.length; k++) {
                if (text[i + k] != key[k]) {
                    continue outer;
                }
            }
            int j = i + key.length;
            while (j < length && (text[j] == '\t' || text[j] == ' ')) {
                j++;
            }
            long value = 0;
            boolean digits = false;
            for (; j < length && text[j] >= '0' && text[j] <= '9'; j++) {
                value = value * 10 + (text[j] - '0');
                digits = true;
            }
            return digits ? value : UNKNOWN;
        }
        return UNKNOWN;
    }

    /** Collections so far, all collectors. */
    static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : COLLECTORS) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    /** Milliseconds the collectors have stopped the JVM so far (whole milliseconds: that is all the JDK gives). */
    static long gcMillis() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : COLLECTORS) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    /**
     * The mount's blocked time: wall minus CPU minus run-queue wait minus the collectors' pauses, or
     * {@link #UNKNOWN} without a CPU clock. A collection stops every thread, and no clock of the carrier's sees it,
     * so a mount that saw one gives up its pause time rounded up to the next millisecond. Without a run-queue figure
     * (not Linux) the wait for a CPU counts as blocked: there, only a carrier with a core to itself is judged exactly.
     */
    static long blockedNanos(long wallNanos, long cpuNanos, long queueNanos, long gcPauseNanos) {
        if (cpuNanos < 0) {
            return UNKNOWN;
        }
        return Math.max(0, wallNanos - cpuNanos - Math.max(0, queueNanos) - gcPauseNanos);
    }

    /** On the carrier's way out. */
    void close() {
        for (FileChannel file : new FileChannel[] {schedstat, status}) {
            if (file != null) {
                try {
                    file.close();
                } catch (IOException ignored) {
                    // a /proc file: nothing was written, nothing can be lost
                }
            }
        }
    }

    /** "sum_exec_runtime run_delay timeslices": field {@code index} (from 0), parsed without allocating. */
    static long field(byte[] text, int length, int index) {
        int i = 0;
        for (int skip = 0; skip < index; skip++) {
            while (i < length && text[i] != ' ') {
                i++;
            }
            i++;
        }
        long value = 0;
        boolean digits = false;
        for (; i < length && text[i] >= '0' && text[i] <= '9'; i++) {
            value = value * 10 + (text[i] - '0');
            digits = true;
        }
        return digits ? value : UNKNOWN;
    }

    private static FileChannel open(String procFile) {
        try {
            Path file = Path.of(procFile);
            return file.toFile().canRead() ? FileChannel.open(file) : null;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
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
