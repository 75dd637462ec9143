package loomscope.clock;

/**
 * What a carrier's clocks say about one mount, packed into the one {@code long} that
 * {@code loomscope.workload.RunObserver#mountEnded} carries (also across the child JVMs' wire, unchanged):
 * <ul>
 *   <li>{@code >= 0}: the mount's blocked time, exact as far as the clocks go (see {@link #judge});</li>
 *   <li>{@link #UNMEASURED} ({@code -1}): this JVM or OS has no thread CPU clock;</li>
 *   <li>{@code <= -2}: <em>unsure</em>: the clocks bound the blocked time between {@link #lowerBound} (under the
 *   floor) and the mount's whole time off its CPU (over it), and cannot tell which part of that was a block.</li>
 * </ul>
 * An unsure mount is never reported as not pinned: a hidden pin is the one thing this tool must not show.
 */
public final class BlockedTime {
    public static final long UNMEASURED = -1;

    /** Blocked time below this is a stall, not a block: a short safepoint, a page fault, a lock handed over. */
    public static final long MIN_BLOCKED_NANOS = 1_000_000;

    /** A count of the kernel's that could not be read. */
    public static final long UNKNOWN_COUNT = -1;

    private BlockedTime() { }

    /** The value for an unsure mount whose blocked time is at least {@code lowerNanos}. */
    public static long unsure(long lowerNanos) {
        return -2 - Math.max(0, Math.min(lowerNanos, MIN_BLOCKED_NANOS - 1));
    }

    public static boolean isUnsure(long value) {
        return value <= -2;
    }

    /** The blocked time the clocks are sure of: the value itself, an unsure mount's lower bound, or -1. */
    public static long lowerBound(long value) {
        return value <= -2 ? -2 - value : value;
    }

    /**
     * Judges one mount from its carrier's clocks. Of its wall time, the part off its CPU ({@code wall - cpu}) was
     * spent either waiting for a CPU ({@code queued}, the kernel's run-queue wait) or off the run queue: blocked, or
     * stopped with every other thread by a collection. The kernel counts its voluntary switches (the thread blocked)
     * and involuntary ones (it was preempted), but not which wait followed which; and a blocking call can be under
     * way while its thread waits for a CPU (a sleep woken early waits for a CPU inside its sleep; a sleep whose
     * thread was preempted just before it blocked can pass entirely in the run queue: measured, a pinned 5 ms sleep
     * in a 56 ms mount with no voluntary switch at all). So:
     * <ol>
     *   <li>off its CPU under the floor, or never switched out (a host that stopped the whole virtual CPU): not
     *   blocked;</li>
     *   <li>no preemption: every wait for a CPU followed a wake-up and belongs to a block: blocked {@code wall - cpu},
     *   less the collectors' pause, which it may have spent running;</li>
     *   <li>preempted: at least its time off the run queue less the collectors' pause; pinned when that reaches the
     *   floor, otherwise unsure (a blocking call may have been under way while it waited for a CPU).</li>
     * </ol>
     * <p>
     * The counts may have started before the mount, up to {@code before} nanoseconds: then they hold some of the
     * carrier's time before it too. That time can only make the mount look more on its CPU or in the run queue than
     * it was, so the lower bound stays one; only "off its CPU under the floor" must allow that much more.
     *
     * @param wall        the mount's wall time
     * @param cpu         the carrier's CPU time in it (-1: unknown)
     * @param queued      its run-queue wait in it (-1: unknown)
     * @param switches    times the kernel put the carrier on a CPU again during it (-1: unknown)
     * @param involuntary preemptions since a mark at or before its start (-1: unknown); more only widens
     * @param gcPause     the collectors' pause time during it, rounded up
     * @param before      how long before the mount's start the counts began (0: at its start)
     */
    public static long judge(long wall, long cpu, long queued, long switches, long involuntary, long gcPause,
            long before) {
        if (cpu < 0) {
            return UNMEASURED;
        }
        if (switches == 0) {
            return 0;
        }
        long offCpu = Math.max(0, wall - cpu);
        long offCpuAtMost = Math.min(wall, Math.max(0, wall - cpu + before));
        if (offCpuAtMost < MIN_BLOCKED_NANOS) {
            return offCpu;
        }
        long lower;
        if (involuntary == 0) {
            lower = offCpu - gcPause;
        } else if (queued >= 0) {
            lower = offCpu - queued - gcPause;
        } else {
            lower = 0;
        }
        return lower >= MIN_BLOCKED_NANOS ? lower : unsure(lower);
    }
}
