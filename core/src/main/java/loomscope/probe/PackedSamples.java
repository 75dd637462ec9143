package loomscope.probe;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

import loomscope.recording.PrimitiveColumns;

/**
 * An in-process snapshot's samples in primitive columns: 5,000 threads cost ~150 KB instead of 5,000 records
 * and their stacks, so a run can keep hundreds of snapshots. Stacks are shared (the workload has only a
 * handful of distinct ones). Samples are built on {@link #get}; the list is immutable.
 */
final class PackedSamples extends AbstractList<ThreadSample> implements RandomAccess {
    private static final Thread.State[] STATES = Thread.State.values();
    static final byte NO_STATE = -1;
    /** 64 samples a chunk: a snapshot of a few threads stays small, one of thousands copies none as it grows. */
    private static final int CHUNK_BITS = 6;

    /**
     * Per sample: the task index, thread id, state ({@link #NO_STATE} for none), whether virtual, carrier id (-1 for
     * none), the reading's from and to as offsets from the snapshot's start, and the stack id.
     */
    private enum Column { TASK, TID, STATE, VIRTUAL, CARRIER, FROM, TO, STACK }

    private final int size;
    private final PrimitiveColumns<Column> samples;
    private final long base;
    private final List<String> carrierNames;
    private final List<List<StackFrame>> stacks;

    private PackedSamples(Builder b, List<String> carrierNames, List<List<StackFrame>> stacks) {
        this.size = b.size;
        this.samples = b.samples;
        this.base = b.base;
        this.carrierNames = carrierNames;
        this.stacks = stacks;
    }

    @Override
    public ThreadSample get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        short carrier = samples.getShort(Column.CARRIER, i);
        String carrierName = carrier < 0 ? null : carrierNames.get(carrier);
        byte state = samples.getByte(Column.STATE, i);
        Thread.State s = state == NO_STATE ? null : STATES[state];
        boolean virtual = samples.getBoolean(Column.VIRTUAL, i);
        int task = samples.getInt(Column.TASK, i);
        String name = (virtual ? ThreadNames.VIRTUAL_PREFIX : ThreadNames.PLATFORM_TASK_PREFIX) + task;
        return new ThreadSample(task, name, samples.getLong(Column.TID, i), virtual, s, virtual, carrierName,
                ThreadNames.carrierIndexOf(carrierName), base + samples.getInt(Column.FROM, i),
                base + samples.getInt(Column.TO, i), stacks.get(samples.getInt(Column.STACK, i)));
    }

    @Override
    public int size() {
        return size;
    }

    /**
     * Collects one snapshot's samples; carrier names and stacks are ids into tables the snapshotter owns. Done once
     * {@link #build} has been called: the snapshot keeps its columns.
     */
    static final class Builder {
        private final PrimitiveColumns<Column> samples = new PrimitiveColumns<>(Column.class, CHUNK_BITS,
                int.class, long.class, byte.class, boolean.class, short.class, int.class, int.class, int.class);
        private int size;
        private final long base;

        Builder(long base) {
            this.base = base;
        }

        /** @param carrierId id in the carrier-name table, or -1 for none */
        void add(int taskIndex, long threadId, boolean isVirtual, Thread.State s, int carrierId, long from, long to, int stack) {
            samples.row(size).putInt(Column.TASK, taskIndex).putLong(Column.TID, threadId)
                    .putByte(Column.STATE, s == null ? NO_STATE : (byte) s.ordinal()).putBoolean(Column.VIRTUAL, isVirtual)
                    .putShort(Column.CARRIER, (short) carrierId).putInt(Column.FROM, offset(from))
                    .putInt(Column.TO, offset(to)).putInt(Column.STACK, stack);
            size++;
        }

        /** A snapshot lasts well under 2 s, so offsets from its start fit an int. */
        private int offset(long time) {
            return (int) Math.min(Integer.MAX_VALUE, time - base);
        }

        /** Sets the stack of the sample of task {@code taskIndex} (samples are added in task order, gaps allowed). */
        void setStack(int taskIndex, int stack) {
            int lo = 0;
            int hi = size - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                int task = samples.getInt(Column.TASK, mid);
                if (task < taskIndex) {
                    lo = mid + 1;
                } else if (task > taskIndex) {
                    hi = mid - 1;
                } else {
                    samples.row(mid).putInt(Column.STACK, stack);
                    return;
                }
            }
        }

        /** @param carrierNames and {@code stacks} are append-only tables: later ids never change earlier ones */
        PackedSamples build(List<String> carrierNames, List<List<StackFrame>> stacks) {
            return new PackedSamples(this, carrierNames, stacks);
        }
    }
}
