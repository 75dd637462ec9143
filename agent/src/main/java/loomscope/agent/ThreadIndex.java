package loomscope.agent;

/**
 * Dense indices by thread id, for the stream's one thread: an open-addressing table of primitives. A
 * {@code HashMap<Long, Integer>} boxed the id of every episode the drain thread looked up (garbage in the target's
 * heap at a million episodes a second) and held ~70 bytes a thread; this holds 24 to 48 (12 a slot, between a
 * quarter and half of them used; 25 MB at {@link EpisodeStream#MAX_THREADS}).
 */
final class ThreadIndex {
    static final int ABSENT = -1;
    /** Ids are positive in every JDK; a slot holding 0 is free, and an id 0 all the same is kept aside. */
    private static final long FREE = 0;

    private long[] ids = new long[1 << 10];
    private int[] indices = new int[1 << 10];
    private int size;
    private int indexOfZero = ABSENT;

    int size() {
        return size;
    }

    /** The index given to {@code id}, or {@link #ABSENT}. */
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
        if (id == FREE) {
            indexOfZero = size;
            return size++;
        }
        if ((size + 1) * 2 > ids.length) {
            grow();
        }
        int index = size++;
        place(id, index);
        return index;
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
