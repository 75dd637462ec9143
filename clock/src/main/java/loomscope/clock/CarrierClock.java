package loomscope.clock;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;


/**
 * A carrier's own clocks, read around its mounts, so that a mount can be judged by what its carrier did rather than
 * by what the code in it says it did ({@link BlockedTime#judge} says how): the thread's CPU clock, Linux's run-queue
 * wait and switch count ({@code /proc/thread-self/schedstat}), its involuntary switches (preemptions,
 * {@code /proc/thread-self/status}) and the collectors' pause time.
 * <p>
 * One instance per carrier, used only by that carrier (its /proc files name that carrier's task). The CPU clock is
 * read through {@link ThreadMXBean#getCurrentThreadCpuTime()}, exact for a running thread; schedstat's run-queue
 * wait and switch count are exact for a running thread. Costs measured in docs/performance.md ("The generic rule").
 */
public final class CarrierClock {
    /** Not measurable in this JVM or on this OS. */
    static final long UNKNOWN = -1;

    public static final long MIN_BLOCKED_NANOS = BlockedTime.MIN_BLOCKED_NANOS;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final GarbageCollectorMXBean[] COLLECTORS =
            ManagementFactory.getGarbageCollectorMXBeans().toArray(new GarbageCollectorMXBean[0]);
    private static final boolean CPU_CLOCK = cpuClockAvailable();


    /**
     * How old the CPU and schedstat marks may be at a mount's start before it reads them again. A mount is judged by
     * what the clocks counted since the marks, so the carrier's time between them and the mount's start blurs its
     * verdict by up to this much: a mount off its CPU for a little under the floor may be unsure, never a pinned one
     * not pinned. Reading them at every mount's start cost the seed more than the rest of the rule, and a shorter age
     * most of that (measured in docs/performance.md).
     */
    static final long MARK_AGE_NANOS = 500_000;

    /**
     * Read with {@code seek} and {@code read}: two native calls with next to no Java around them. In a fresh JVM a
     * FileChannel's longer path cost several times as much over a run's first hundred reads (docs/performance.md).
     */
    private final RandomAccessFile schedstat;
    private final RandomAccessFile status;
    private final byte[] text = new byte[4096];
    /** Three numbers of up to 20 digits, two spaces and a newline. */
    private static final int SCHEDSTAT_BYTES = 96;
    /** Whether reads on this carrier must hold off the JDK's compensation ({@link CompensationGuard}). */
    private final boolean marked;
    /** The carrier this clock was made on, and its kernel task id (Linux's thread id), or {@link #UNKNOWN}. */
    private final Thread thread;
    private final long taskId;
    private long queue = UNKNOWN;
    private long scheduled = UNKNOWN;
    private long involuntary = UNKNOWN;

    /** The carrier's CPU clock and schedstat figures when last read, at {@link #markNanos} or just after. */
    private long cpuMark;
    private long queueMark;
    private long scheduledMark;
    private long markNanos;
    /** The preemption count at the last read of the status file: at or before this mount's start. */
    private long involuntaryMark;
    /**
     * The collectors' count and pause time at the end of the carrier's last mount that read them (or its start):
     * at or before this mount's start. Reading them at every mount's start would cost more than the rest of the rule;
     * a collection between that mark and this mount is taken as if in it, which can only lower the lower bound.
     */
    private long gcCountMark;
    private long gcMillisMark;

    private CarrierClock(RandomAccessFile schedstat, RandomAccessFile status, boolean marked) {
        this.schedstat = schedstat;
        this.status = status;
        this.marked = marked;
        this.thread = Thread.currentThread();
        markClocks(System.nanoTime());
        readStatus();
        taskId = readTaskId();
        KernelTasks.register(thread, taskId);   // for the held-stack sampler, which asks the kernel of this carrier
        markStatus();
        markCollections();
    }

    /**
     * At a mount's start, on its carrier, before the mount's start time is taken. Usually reads nothing: a mount
     * shorter than the floor needs no clock, and a longer one is judged against marks at most {@link #MARK_AGE_NANOS}
     * old. Marks older than that (the carrier ran short mounts, idled, or loaded classes since) are read again here:
     * its CPU clock and schedstat.
     */
    public void startMount() {
        startMount(System.nanoTime());
    }

    /** {@link #startMount()} with the time already read ({@code System.nanoTime()}): the agent reads it once for both. */
    public void startMount(long now) {
        if (now - markNanos > MARK_AGE_NANOS) {
            markClocks(now);
        }
    }

    /**
     * At the end of a mount, on its carrier: the mount's {@link BlockedTime} value. A mount shorter than the floor
     * cannot have blocked for the floor: not blocked, nothing read. A longer one reads the CPU clock, schedstat, the
     * preemption count and the collectors, and is judged by what they counted since the marks, which may include up
     * to the marks' age at the mount's start of the carrier's time before it ({@link BlockedTime#judge} widens its
     * bounds by that much). Its readings become the next marks.
     */
    public long endMount(long startNanos, long endNanos) {
        long wallNanos = endNanos - startNanos;
        return wallNanos < MIN_BLOCKED_NANOS ? 0 : judgeLongMount(startNanos, endNanos, wallNanos);
    }

    private long judgeLongMount(long startNanos, long endNanos, long wallNanos) {
        long before = Math.max(0, startNanos - markNanos);
        long cpuBefore = cpuMark;
        long queueBefore = queueMark;
        long scheduledBefore = scheduledMark;
        markClocks(endNanos);
        long cpu = delta(cpuMark, cpuBefore);
        readStatus();
        long queued = delta(queue, queueBefore);
        long switches = delta(scheduled, scheduledBefore);
        long involuntarySince = delta(involuntary, involuntaryMark);
        markStatus();
        long gcMillisBefore = gcMillisMark;
        boolean collected = markCollections();
        long gcPause = collected ? Math.min(wallNanos, (gcMillisMark - gcMillisBefore + 1) * 1_000_000) : 0;
        return BlockedTime.judge(wallNanos, cpu, queued, switches, involuntarySince, gcPause, before);
    }

    /** Reads the CPU clock and schedstat as the new marks, taken at or after {@code nanos}. */
    private void markClocks(long nanos) {
        cpuMark = cpuNanos();
        readSchedstat();
        queueMark = queue;
        scheduledMark = scheduled;
        markNanos = nanos;
    }

    private static long delta(long now, long mark) {
        return now < 0 || mark < 0 ? UNKNOWN : now - mark;
    }

    private void markStatus() {
        involuntaryMark = involuntary;
    }

    /** Reads the collectors' figures as the new marks; whether a collection happened since the old ones. */
    private boolean markCollections() {
        long count = gcCount();
        boolean collected = count != gcCountMark;
        gcCountMark = count;
        gcMillisMark = gcMillis();
        return collected;
    }

    /** Call on the carrier itself. */
    public static CarrierClock forCurrentThread() {
        CompensationGuard.Reads reads = CompensationGuard.forCurrentThread();
        if (reads == CompensationGuard.Reads.NONE) {
            return new CarrierClock(null, null, false);
        }
        boolean marked = reads == CompensationGuard.Reads.MARKED;
        boolean entered = marked && CompensationGuard.enter();
        try {
            return new CarrierClock(ProcFiles.openThreadSelf("schedstat"), ProcFiles.openThreadSelf("status"), marked);
        } finally {
            CompensationGuard.exit(entered);
        }
    }

    /**
     * Whether this JDK adds carriers for a file read on any carrier of its own class (JDK 21), so that a clock on such
     * a carrier reads its files only where java.base opens {@code jdk.internal.misc} to this module
     * ({@link CompensationGuard}); elsewhere it reads none, and judges its long mounts unsure.
     */
    public static boolean jdkCompensatesForCarrierReads() {
        return CompensationGuard.jdkCompensatesForCarrierReads();
    }

    /** The {@code /proc} file's bytes into {@link #text}, with the JDK's compensation held off where it must be. */
    private int read(RandomAccessFile file, int most) throws IOException {
        boolean entered = marked && CompensationGuard.enter();
        try {
            file.seek(0);
            return file.read(text, 0, most);
        } finally {
            CompensationGuard.exit(entered);
        }
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
            int n = read(schedstat, SCHEDSTAT_BYTES);
            if (n > 0) {
                queue = ProcFiles.field(text, n, 1);
                scheduled = ProcFiles.field(text, n, 2);
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

    /** Preemptions as of the last {@link #readStatus()}, or {@link #UNKNOWN}. */
    long preemptions() {
        return involuntary;
    }

    /** Reads this thread's involuntary switch count ({@link #UNKNOWN} where not Linux). */
    void readStatus() {
        involuntary = UNKNOWN;
        if (status == null) {
            return;
        }
        try {
            int n = read(status, text.length);
            if (n > 0) {
                involuntary = ProcFiles.valueAfter(text, n, ProcFiles.PREEMPTED_KEY);
            }
        } catch (IOException e) {
            // stay UNKNOWN
        }
    }

    /** This thread's kernel task id, which its status file names ({@code Pid:}), or {@link #UNKNOWN}; once per clock. */
    private long readTaskId() {
        if (status == null) {
            return UNKNOWN;
        }
        try {
            int n = read(status, text.length);
            return n > 0 ? ProcFiles.valueAfter(text, n, ProcFiles.TASK_ID_KEY) : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    /** Collections so far, all collectors. */
    public static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : COLLECTORS) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    /** Milliseconds the collectors have stopped the JVM so far (whole milliseconds: that is all the JDK gives). */
    public static long gcMillis() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : COLLECTORS) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    /** On the carrier's way out. */
    public void close() {
        KernelTasks.unregister(thread, taskId);
        for (RandomAccessFile file : new RandomAccessFile[] {schedstat, status}) {
            if (file != null) {
                try {
                    file.close();
                } catch (IOException ignored) {
                    // a /proc file: nothing was written, nothing can be lost
                }
            }
        }
    }


    /**
     * Loads and checks the clocks before a carrier needs them: their classes (the management beans, the /proc files'
     * readers, the JDK 21 guard's handle) load once per JVM, and loading them on a carrier, as it starts or in a mount,
     * costs the run that carrier's time (measured in docs/performance.md). Opens, reads and closes a clock of the
     * calling thread. The agent calls it after it has had jdk.internal.misc opened ({@link CompensationGuard}).
     */
    public static boolean warmUp() {
        CompensationGuard.prepare();
        CarrierClock clock = forCurrentThread();
        clock.endMount(0, MIN_BLOCKED_NANOS);
        clock.close();
        return CPU_CLOCK;
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
