package loomscope.agent;

/**
 * What the agent may take of the target's heap: a small share of its maximum, so that an application sized tightly
 * for itself (a {@code -Xmx32m} service churning virtual threads) has room left for its own work. Measured there, the
 * agent's thread table alone reached 13 MB of a 32 MB heap within 4 s, and the application died of
 * {@code OutOfMemoryError}; docs/attach.md states the budget and what each part takes. Everything the agent holds
 * per session is sized from this: the carriers' rings, the table of thread ids, the queue of JFR lines and the line
 * buffer (bounded by its flush size and the length of a name).
 */
final class AgentBudget {
    /** The share of the target's maximum heap the agent takes at most (1/64). */
    static final int HEAP_SHARE_SHIFT = 6;
    static final long SMALLEST = 512 << 10;
    static final long LARGEST = 16 << 20;
    /**
     * Bytes one ring entry takes: the thread's id, a compressed reference to its name (the thread's own String, the
     * empty one for an unnamed virtual thread), three longs and a boolean. Not the thread itself: an entry that held
     * it kept the finished thread reachable, ~350 bytes more each.
     */
    static final int RING_ENTRY_BYTES = 37;
    static final int SMALLEST_RING = 1 << 10;
    static final int LARGEST_RING = 1 << 13;
    /** A slot of the thread table: an id and an index; the table is kept between a quarter and half full. */
    static final int THREAD_SLOT_BYTES = 12;
    /** A JFR line as queued, besides its characters: its String, its array's header and the queue's node. */
    static final int QUEUED_LINE_OVERHEAD = 64;

    private AgentBudget() { }

    /** The whole budget for a heap whose maximum is {@code maxHeap} bytes. */
    static long total(long maxHeap) {
        return Math.max(SMALLEST, Math.min(LARGEST, maxHeap >> HEAP_SHARE_SHIFT));
    }

    static long total() {
        return total(Runtime.getRuntime().maxMemory());
    }

    /** Entries of each carrier's ring: half the budget shared by as many carriers as processors, a power of two. */
    static int ringCapacity(long total, int processors) {
        long entries = total / 2 / Math.max(1, processors) / RING_ENTRY_BYTES;
        return (int) Math.max(SMALLEST_RING, Math.min(LARGEST_RING, Long.highestOneBit(Math.max(1, entries))));
    }

    /** Slots of the thread table at most (a power of two): a quarter of the budget. */
    static int threadSlots(long total) {
        return (int) Math.max(1 << 10, Long.highestOneBit(total / 4 / THREAD_SLOT_BYTES));
    }

    /**
     * Bytes of JFR lines waiting for the drain at most: an eighth of the budget, counted in the lines' own length (a
     * pinned event's or a witness's line carries up to 24 frames, kilobytes: a bound in lines let 400 of them take
     * 3 MB of a tight heap).
     */
    static long queuedBytes(long total) {
        return total / 8;
    }
}
