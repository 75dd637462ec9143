package loomscope.clock;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A witness for what JFR has no event for: while a run goes, it looks at each carrier about once a millisecond, and takes
 * the stack of a virtual thread that has stayed mounted for the floor or more while its carrier has been off its CPU for
 * at least half the time since the last look ({@link ThreadMXBean#getThreadCpuTime}: no {@code /proc}, so also on macOS
 * and Windows). Off its CPU is not blocked: a carrier beside CPU hogs waits for a CPU in the run queue, and with a native
 * frame on top its stack would look like a system call. So where the kernel says (Linux: the carrier told its task id,
 * {@link KernelTasks}), the sampler asks it, for those mounts only: a carrier that is runnable now, or was on a CPU or in
 * the run queue for at least half the window, is not held (no stack; it looks again later); one that is blocked
 * ({@code S} or {@code D}) and was off its CPU and out of the run queue for most of a window the kernel counted is, and
 * its stack says so ({@link Sink#held}'s {@code kernelBlocked}). Where the kernel does
 * not say (no {@code /proc}, {@code -Dloomscope.clock.kernelCounts=off}) the stack is taken as before, and says that
 * nothing confirmed the block. One stack a mount at most, and at most {@link #MAX_STACKS_PER_SECOND}: a run that never holds a carrier
 * costs a few reads of its mounts a millisecond, and one that holds every carrier a bounded share of one core. Runs on
 * one platform daemon thread of its own, made by the caller; never blocks or throws into the run's threads. What a stack
 * tells is core's to say ({@code loomscope.probe.HeldStacks}); the agent sends it to LoomScope as a line.
 */
public final class HeldSampler implements Runnable {
    /** What the sampler watches: each carrier's open mount, on one clock ({@link #now}). */
    public interface Mounts {
        /** Carrier slots 0 to this - 1 (some may be empty). */
        int carriers();

        /** The virtual thread mounted on carrier {@code c} now, or null. */
        Thread mounted(int c);

        /** When carrier {@code c}'s current mount began (read after {@link #mounted}, meaningful while it is not null). */
        long mountedSince(int c);

        /** The carrier thread of slot {@code c}, or null where it is not known. */
        Thread carrier(int c);

        long now();
    }

    /**
     * Where a stack goes: carrier {@code c}'s mount was off its CPU from {@code from} at least, sampled at {@code at};
     * {@code kernelBlocked}: the kernel said the carrier was blocked (not on a CPU, not waiting for one) just before the
     * stack was taken; false where the kernel did not say.
     */
    @FunctionalInterface
    public interface Sink {
        void held(int c, long from, long at, Thread.State state, boolean kernelBlocked, StackTraceElement[] stack);
    }

    /** What the kernel says of one carrier thread, as of the last {@link #read}. */
    interface TaskView {
        /** Reads the task's state and counts now; false where they could not be read. */
        boolean read();

        /** {@code R}: on a CPU or waiting for one; {@code S}, {@code D}: blocked; 0: unknown. */
        char state();

        /** Its time on a CPU so far. */
        long cpuNanos();

        /** Its time waiting in a run queue so far (counted when a wait ends). */
        long queueNanos();

        void close();
    }

    /** A mount is looked at once it has lasted this long: the floor a block must reach to be classed. */
    public static final long FLOOR_NANOS = BlockedTime.MIN_BLOCKED_NANOS;
    static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** A stack costs tens of microseconds (a handshake with the carrier): a bound on what a held run can cost. */
    public static final int MAX_STACKS_PER_SECOND = 500;

    private final Mounts mounts;
    private final Sink sink;
    /** A thread's CPU time in nanoseconds, or -1: the JVM's clock (a test's own). */
    private final ToLongFunction<Thread> cpuTime;
    /** The kernel's view of a carrier, or null where it says nothing of it. */
    private final Function<Thread, TaskView> kernel;
    private volatile boolean stopped;
    private volatile Thread runner;
    private volatile long notTaken;
    private volatile Throwable failure;

    // per carrier slot, the sampler's own
    private long[] lookedSince = new long[0];
    private long[] lookedCpu = new long[0];
    private long[] lookedAt = new long[0];
    private long[] sampledSince = new long[0];
    private long[] skippedSince = new long[0];
    /** The kernel's view of the slot's carrier ({@link #viewed}), opened at its first off-CPU look. */
    private TaskView[] views = new TaskView[0];
    private Thread[] viewed = new Thread[0];
    /** The kernel's counts at the start of the window, when {@code kernelAt == lookedAt}: its run-queue wait in it. */
    private long[] kernelCpu = new long[0];
    private long[] kernelQueue = new long[0];
    private long[] kernelAt = new long[0];

    HeldSampler(Mounts mounts, Sink sink, ToLongFunction<Thread> cpuTime, Function<Thread, TaskView> kernel) {
        this.mounts = mounts;
        this.sink = sink;
        this.cpuTime = cpuTime;
        this.kernel = kernel;
    }

    /**
     * A sampler of {@code mounts} for a thread of the caller's to run; null where this JVM cannot measure another thread's
     * CPU time (then nothing tells a held carrier from a busy one).
     */
    public static HeldSampler of(Mounts mounts, Sink sink) {
        try {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            return threads.isThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled()
                    ? new HeldSampler(mounts, sink, t -> threads.getThreadCpuTime(t.threadId()), CarrierSchedule::of) : null;
        } catch (RuntimeException | Error e) {
            return null;
        }
    }

    @Override
    public void run() {
        runner = Thread.currentThread();
        long windowStart = System.nanoTime();
        int inWindow = 0;
        try {
            while (!stopped) {
                long began = System.nanoTime();
                if (began - windowStart >= 1_000_000_000L) {
                    windowStart = began;
                    inWindow = 0;
                }
                inWindow += lookOnce(MAX_STACKS_PER_SECOND - inWindow);
                LockSupport.parkNanos(Math.max(PERIOD_NANOS - (System.nanoTime() - began), PERIOD_NANOS / 4));
            }
        } catch (RuntimeException | Error e) {
            failure = e;   // a probe never takes the run down: the mounts it would have explained stay unsure
        } finally {
            closeViews();
        }
    }

    /** Asks the loop to end; it does within a period. */
    public void stop() {
        stopped = true;
        Thread t = runner;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** One look at every carrier; returns how many stacks it took (at most {@code allowed}). */
    int lookOnce(int allowed) {
        int n = mounts.carriers();
        if (n > lookedSince.length) {
            grow(n);
        }
        int stacks = 0;
        for (int c = 0; c < n; c++) {
            Thread vt = mounts.mounted(c);
            if (vt == null) {
                continue;
            }
            long since = mounts.mountedSince(c);
            long now = mounts.now();
            if (now - since < FLOOR_NANOS || sampledSince[c] == since) {
                continue;
            }
            Thread carrier = mounts.carrier(c);
            long cpu = carrier == null ? -1 : cpuTime.applyAsLong(carrier);
            if (cpu < 0) {
                continue;
            }
            if (lookedSince[c] != since) {
                lookedSince[c] = since;   // the first look at this mount: its CPU time from here on tells
                lookedCpu[c] = cpu;
                lookedAt[c] = now;
                continue;
            }
            long wall = now - lookedAt[c];
            if (wall < PERIOD_NANOS / 2) {
                continue;
            }
            if ((cpu - lookedCpu[c]) * 2 >= wall) {
                lookedCpu[c] = cpu;   // it ran: look again later
                lookedAt[c] = now;
                continue;
            }
            TaskView view = view(c, carrier);
            boolean kernelBlocked = false;
            if (view != null && view.read()) {
                char state = view.state();
                // a state alone is one instant: a spinning carrier sleeps for a moment at a safepoint. Where the kernel's
                // counts from the window's start are not known yet, they are taken now and the window starts again
                boolean countsKnown = kernelAt[c] == lookedAt[c];
                if (state == 'R' || !countsKnown || mostlyRunnable(c, view, wall)) {
                    lookedCpu[c] = cpu;   // it waited for a CPU, or is waiting now: not held; look again later
                    lookedAt[c] = now;
                    kernelCpu[c] = view.cpuNanos();
                    kernelQueue[c] = view.queueNanos();
                    kernelAt[c] = now;
                    continue;
                }
                kernelBlocked = state == 'S' || state == 'D';
            }
            if (stacks >= allowed) {
                if (skippedSince[c] != since) {
                    skippedSince[c] = since;   // put off for the bound: looked at again, counted until taken
                    notTaken++;
                }
                continue;
            }
            sampledSince[c] = since;
            if (skippedSince[c] == since) {
                notTaken--;
            }
            Thread.State state = vt.getState();
            StackTraceElement[] trace = vt.getStackTrace();
            long at = mounts.now();
            stacks++;
            if (mounts.mounted(c) == vt && mounts.mountedSince(c) == since) {   // the same mount still: the stack is its
                sink.held(c, lookedAt[c], at, state, kernelBlocked, trace);
            }
        }
        return stacks;
    }

    /**
     * Whether the kernel counted the carrier on a CPU or in the run queue for at least half the window, which began at a
     * look that read the kernel's counts (a wait still under way is not counted yet; the state, {@code R}, tells that one).
     */
    private boolean mostlyRunnable(int c, TaskView view, long wall) {
        long runnable = view.cpuNanos() - kernelCpu[c] + view.queueNanos() - kernelQueue[c];
        return runnable * 2 >= wall;
    }

    /** The kernel's view of slot {@code c}'s carrier, opened once per carrier thread; null where it says nothing. */
    private TaskView view(int c, Thread carrier) {
        if (viewed[c] != carrier) {
            if (views[c] != null) {
                views[c].close();
            }
            viewed[c] = carrier;
            views[c] = kernel.apply(carrier);
        }
        return views[c];
    }

    /** Lets the kernel's files go: at the end of the loop (a test that looks by itself calls it). */
    void closeViews() {
        for (int c = 0; c < views.length; c++) {
            if (views[c] != null) {
                views[c].close();
                views[c] = null;
            }
            viewed[c] = null;
        }
    }

    private void grow(int n) {
        int old = lookedSince.length;
        views = Arrays.copyOf(views, n);
        viewed = Arrays.copyOf(viewed, n);
        kernelCpu = Arrays.copyOf(kernelCpu, n);
        kernelQueue = Arrays.copyOf(kernelQueue, n);
        kernelAt = Arrays.copyOf(kernelAt, n);
        lookedSince = Arrays.copyOf(lookedSince, n);
        lookedCpu = Arrays.copyOf(lookedCpu, n);
        lookedAt = Arrays.copyOf(lookedAt, n);
        sampledSince = Arrays.copyOf(sampledSince, n);
        skippedSince = Arrays.copyOf(skippedSince, n);
        for (int c = old; c < n; c++) {
            lookedSince[c] = Long.MIN_VALUE;
            sampledSince[c] = Long.MIN_VALUE;
            skippedSince[c] = Long.MIN_VALUE;
            kernelAt[c] = Long.MIN_VALUE;
        }
    }

    /** Held mounts whose stack was put off for the per-second bound and not taken since. */
    public long notTaken() { return notTaken; }

    /** Why it stopped early, or null. */
    public Throwable failure() { return failure; }
}
