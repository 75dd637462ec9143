package loomscope.probe;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * An in-process snapshot's samples in primitive arrays: 5,000 threads cost ~135 KB instead of 5,000 records
 * and their stacks, so a run can keep hundreds of snapshots. Stacks are shared (the workload has only a
 * handful of distinct ones). Samples are built on {@link #get}; the list is immutable.
 */
final class PackedSamples extends AbstractList<ThreadSample> implements RandomAccess {
    private static final Thread.State[] STATES = Thread.State.values();
    static final byte NO_STATE = -1;

    private final int size;
    private final int[] task;
    private final long[] tid;
    private final byte[] state;
    private final boolean[] virtual;
    private final short[] carrier;
    private final int[] fromOffset;
    private final int[] toOffset;
    private final int[] stackId;
    private final long base;
    private final List<String> carrierNames;
    private final List<List<StackFrame>> stacks;

    private PackedSamples(Builder b, List<String> carrierNames, List<List<StackFrame>> stacks) {
        this.size = b.size;
        this.task = Arrays.copyOf(b.task, size);
        this.tid = Arrays.copyOf(b.tid, size);
        this.state = Arrays.copyOf(b.state, size);
        this.virtual = Arrays.copyOf(b.virtual, size);
        this.carrier = Arrays.copyOf(b.carrier, size);
        this.fromOffset = Arrays.copyOf(b.fromOffset, size);
        this.toOffset = Arrays.copyOf(b.toOffset, size);
        this.stackId = Arrays.copyOf(b.stackId, size);
        this.base = b.base;
        this.carrierNames = carrierNames;
        this.stacks = stacks;
    }

    @Override
    public ThreadSample get(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        String carrierName = carrier[i] < 0 ? null : carrierNames.get(carrier[i]);
        Thread.State s = state[i] == NO_STATE ? null : STATES[state[i]];
        String name = (virtual[i] ? ThreadNames.VIRTUAL_PREFIX : ThreadNames.PLATFORM_TASK_PREFIX) + task[i];
        return new ThreadSample(task[i], name, tid[i], virtual[i], s, virtual[i], carrierName,
                ThreadNames.carrierIndexOf(carrierName), base + fromOffset[i], base + toOffset[i],
                stacks.get(stackId[i]));
    }

    @Override
    public int size() {
        return size;
    }

    /** Collects one snapshot's samples; carrier names and stacks are ids into tables the snapshotter owns. */
    static final class Builder {
        private int size;
        private int[] task = new int[64];
        private long[] tid = new long[64];
        private byte[] state = new byte[64];
        private boolean[] virtual = new boolean[64];
        private short[] carrier = new short[64];
        private int[] fromOffset = new int[64];
        private int[] toOffset = new int[64];
        private int[] stackId = new int[64];
        private final long base;

        Builder(long base) {
            this.base = base;
        }

        /** @param carrierId id in the carrier-name table, or -1 for none */
        void add(int taskIndex, long threadId, boolean isVirtual, Thread.State s, int carrierId, long from, long to, int stack) {
            if (size == task.length) {
                int n = size * 2;
                task = Arrays.copyOf(task, n);
                tid = Arrays.copyOf(tid, n);
                state = Arrays.copyOf(state, n);
                virtual = Arrays.copyOf(virtual, n);
                carrier = Arrays.copyOf(carrier, n);
                fromOffset = Arrays.copyOf(fromOffset, n);
                toOffset = Arrays.copyOf(toOffset, n);
                stackId = Arrays.copyOf(stackId, n);
            }
            task[size] = taskIndex;
            tid[size] = threadId;
            state[size] = s == null ? NO_STATE : (byte) s.ordinal();
            virtual[size] = isVirtual;
            carrier[size] = (short) carrierId;
            // A snapshot lasts well under 2 s, so offsets from its start fit an int.
            fromOffset[size] = (int) Math.min(Integer.MAX_VALUE, from - base);
            toOffset[size] = (int) Math.min(Integer.MAX_VALUE, to - base);
            stackId[size] = stack;
            size++;
        }

        /** Sets the stack of the sample of task {@code taskIndex} (samples are added in task order, gaps allowed). */
        void setStack(int taskIndex, int stack) {
            int lo = 0;
            int hi = size - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (task[mid] < taskIndex) {
                    lo = mid + 1;
                } else if (task[mid] > taskIndex) {
                    hi = mid - 1;
                } else {
                    stackId[mid] = stack;
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
