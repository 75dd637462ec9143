package loomscope.agent;

import java.util.Arrays;
/**
 * Dense indices by thread id, for the stream's one thread: an open-addressing table of primitives of at most
 * {@code maxSlots} slots. A {@code HashMap<Long, Integer>} boxed the id of every episode the drain thread looked up
 * (garbage in the target's heap at a million episodes a second) and held ~70 bytes a thread; this holds 24 to 48.
 * <p>
 * A target that starts a virtual thread per request meets new ids for as long as it is recorded, and a table that
 * kept them all grew into the application's heap (13 MB of a 32 MB heap in 4 s, then the application's
 * {@code OutOfMemoryError}). Once the table is full it forgets every id it holds and starts again; indices go on
 * counting up, so a thread seen again after that gets a new index, and its stream line names its thread id again
 * (the reader knows it by that id).
 */
final class ThreadIndex {
    static final int ABSENT = -1;
    /** Ids are positive in every JDK; a slot holding 0 is free, and an id 0 all the same is kept aside. */
    private static final long FREE = 0;
    private static final int FIRST_SLOTS = 1 << 10;

    private final int maxSlots;
    private long[] ids;
    private int[] indices;
    /** Ids in the table now. */
    private int held;
    /** Indices given so far: the next one to give. */
    private int given;
    private int indexOfZero = ABSENT;
    private long forgotten;

    ThreadIndex() {
        this(1 << 30);
    }

    /** @param maxSlots the table's largest size, a power of two: it holds at most half as many ids */
    ThreadIndex(int maxSlots) {
        this.maxSlots = Math.max(FIRST_SLOTS, Integer.highestOneBit(maxSlots));
        ids = new long[Math.min(FIRST_SLOTS, this.maxSlots)];
        indices = new int[ids.length];
    }

    /** Indices given so far. */
    int size() {
        return given;
    }

    /** The table's size now, in slots. */
    int slots() {
        return ids.length;
    }

    /** Ids the table let go of when it was full (each may come again with a new index). */
    long forgotten() {
        return forgotten;
    }

    /** The index given to {@code id}, or {@link #ABSENT} (never given, or forgotten since). */
    int get(long id) {
        if (id == FREE) {
            return indexOfZero;
        }
        int mask = ids.length - 1;
        for (int slot = slotOf(id, mask); ; slot = (slot + 1) & mask) {
            long here = ids[slot];
            if (here == id) {
                return indices[slot];
            }
            if (here == FREE) {
                return ABSENT;
            }
        }
    }

    /** Gives {@code id}, which must be absent, the next index and returns it. */
    int add(long id) {
        int index = given++;
        if (id == FREE) {
            indexOfZero = index;
            return index;
        }
        if ((held + 1) * 2 > ids.length) {
            if (ids.length < maxSlots) {
                grow();
            } else {
                forgetAll();
            }
        }
        held++;
        place(id, index);
        return index;
    }

    private void forgetAll() {
        forgotten += held;
        Arrays.fill(ids, FREE);
        held = 0;
        if (indexOfZero != ABSENT) {
            forgotten++;
            indexOfZero = ABSENT;
        }
    }

    private void place(long id, int index) {
        int mask = ids.length - 1;
        int slot = slotOf(id, mask);
        while (ids[slot] != FREE) {
            slot = (slot + 1) & mask;
        }
        ids[slot] = id;
        indices[slot] = index;
    }

    private void grow() {
        long[] oldIds = ids;
        int[] oldIndices = indices;
        ids = new long[oldIds.length * 2];
        indices = new int[oldIds.length * 2];
        for (int i = 0; i < oldIds.length; i++) {
            if (oldIds[i] != FREE) {
                place(oldIds[i], oldIndices[i]);
            }
        }
    }

    private static int slotOf(long id, int mask) {
        long h = id * 0x9E3779B97F4A7C15L;   // ids come in runs: spread them over the table
        return (int) (h >>> 32) & mask;
    }
}
