package loomscope.savedrun;

import java.io.IOException;

import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.workload.Phase;

/**
 * Reads every thread's phase times and every carrier's mounts, refusing any that could not have happened in
 * the run the header describes, and any count the bytes left (or this JVM's memory) could not hold, before
 * anything is allocated for it.
 */
final class MountsIn {
    private static final int PHASE_MASK_MAX = (1 << Phase.COUNT) - 1;
    /** The fewest bytes a mount takes: its thread, gap, length and wait are a byte each at least. */
    static final int MIN_MOUNT_BYTES = 4;
    /** The fewest bytes a carrier takes before its mounts: index, name, time added, added-by-pool mark, mount count. */
    private static final int MIN_CARRIER_BYTES = 5;
    /**
     * How long after the run's end a mount may still end: the clock stops when the last task ends and its
     * thread unmounts after that (measured 2-110 us later, more on a loaded machine); a stopped run's threads
     * unmount after the stop, within one sleep (at most RunLimits.MAX_SLEEP_MILLIS, 60 s).
     */
    static final long LATE_NANOS = 60_000_000_000L;

    private final BinaryIn in;
    private final RecordingBuilder builder;
    private final HeaderJson.Header header;
    private final MemoryBudget memory;
    private final long latest;
    private long mountsSoFar;
    /** Bits of a mount's length field that hold its verdict: 1 in format 1 (pinned), 2 in format 2 (also unsure), 3 since. */
    private final int verdictBits;

    private MountsIn(BinaryIn in, RecordingBuilder builder, HeaderJson.Header header, MemoryBudget memory, long version) {
        this.in = in;
        this.verdictBits = version == 1 ? 1 : version == 2 ? 2 : LoomRunFormat.VERDICT_BITS;
        this.builder = builder;
        this.header = header;
        this.memory = memory;
        this.latest = header.runEnd() + LATE_NANOS;
    }

    static void read(BinaryIn in, RecordingBuilder builder, HeaderJson.Header header, MemoryBudget memory, long version)
            throws IOException {
        MountsIn reader = new MountsIn(in, builder, header, memory, version);
        reader.phases();
        reader.carriers();
    }

    private void phases() throws IOException {
        long previousFirst = 0;
        for (int vt = 0; vt < header.config().threads(); vt++) {
            int mask = in.count("thread " + vt + "'s phase mask", PHASE_MASK_MAX);
            long previous = -1;
            for (Phase p : Phase.values()) {
                if ((mask & (1 << p.ordinal())) == 0) {
                    continue;
                }
                long t = previous < 0 ? previousFirst + in.signed() : previous + in.signed();
                if (t < 0) {
                    throw new SavedRunFormatException("thread " + vt + " reaches " + p + " before the recording began");
                }
                if (t > latest) {
                    throw new SavedRunFormatException("thread " + vt + " reaches " + p + " after the run ended");
                }
                if (p == Phase.DONE && t > header.runEnd() && !header.cancelled()) {
                    // the clock stops once every task has marked itself done (WorkloadRun waits on them), so a
                    // run that was not stopped has no thread done after its end: its time would be a made-up one
                    throw new SavedRunFormatException("thread " + vt + " is done after the run's clock stopped, "
                            + "in a run that was not stopped");
                }
                if (previous < 0) {
                    previousFirst = t;
                }
                builder.phase(vt, p, t);
                previous = t;
            }
        }
    }

    private void carriers() throws IOException {
        int carriers = in.count("the number of carriers", Math.min(LoomRunFormat.MAX_CARRIERS, in.remaining() / MIN_CARRIER_BYTES));
        for (int c = 0; c < carriers; c++) {
            int index = in.count("carrier " + c + "'s index", LoomRunFormat.MAX_CARRIERS);
            if (index != c) {
                throw new SavedRunFormatException("carrier " + c + " calls itself carrier " + index);
            }
            String name = in.string("carrier " + c + "'s name", LoomRunFormat.MAX_NAME_BYTES);
            long addedAt = in.signed();
            if (Math.abs(addedAt) > LoomRunFormat.MAX_RUN_NANOS) {
                throw new SavedRunFormatException("carrier " + c + " was added at an impossible time");
            }
            int byPool = in.count("carrier " + c + "'s added-by-pool mark", 1);
            builder.carrier(c, name == null ? "carrier-" + c : name, addedAt, byPool == 1);
            mounts(c, mountCount(c));
        }
    }

    private int mountCount(int c) throws IOException {
        int mounts = in.count("carrier " + c + "'s number of mounts",
                Math.min(in.remaining() / MIN_MOUNT_BYTES, LoomRunFormat.MAX_MOUNTS - mountsSoFar));
        mountsSoFar += mounts;
        memory.take("carrier " + c + "'s mounts", mounts, MemoryBudget.MOUNT);
        return mounts;
    }

    private void mounts(int c, int mounts) throws IOException {
        int threads = header.config().threads();
        long previousEnd = 0;
        for (int i = 0; i < mounts; i++) {
            String what = "mount " + i + " of carrier " + c;
            int vt = in.count(what + "'s thread", threads - 1L);
            long start = previousEnd + in.signed();
            long length = in.varint();
            int verdict = (int) (length & ((1 << verdictBits) - 1));
            length >>>= verdictBits;
            MountClass mountClass = LoomRunFormat.mountClassOf(verdict);
            if (mountClass == null) {
                throw new SavedRunFormatException(what + " has an unknown verdict (" + verdict + ")");
            }
            long submit = start - in.signed();
            if (start < 0 || length <= 0 || length > LoomRunFormat.MAX_RUN_NANOS || submit < 0 || submit > start) {
                throw new SavedRunFormatException(what + " has impossible times");
            }
            long end = start + length;
            if (start < header.runStart() || end > latest) {
                throw new SavedRunFormatException(what + " lies outside the run");
            }
            builder.mount(c, vt, submit, start, end, mountClass);
            previousEnd = end;
        }
    }
}
