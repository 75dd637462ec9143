package loomscope.recording;

import java.util.Arrays;

/**
 * The mounts of one carrier, in the order they happened. Only that carrier writes (so no locks); any thread
 * may read the first {@link #size()} entries. Entries live in 4,096-entry chunks of primitive arrays: no
 * object per mount, and growth copies only the chunk directory. Times are relative to the recording origin.
 */
public final class CarrierLog {
    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;

    private final int index;
    private final String name;
    private final long addedAt;
    private final boolean addedByPool;

    private int[][] vts = new int[4][];
    private long[][] submits = new long[4][];
    private long[][] starts = new long[4][];
    private long[][] ends = new long[4][];
    private byte[][] pinned = new byte[4][];
    /** Blocked time of each mount in microseconds (the generic rule's measure), -1 where not measured. */
    private int[][] blockedMicros = new int[4][];
    /** Published last: entries below it are complete and visible. */
    private volatile int size;

    private volatile int openVt = -1;
    private volatile long openStart;

    CarrierLog(int index, String name, long addedAt, boolean addedByPool) {
        this.index = index;
        this.name = name;
        this.addedAt = addedAt;
        this.addedByPool = addedByPool;
    }

    void open(int vt, long start) {
        openStart = start;
        openVt = vt;
    }

    void close(int vt, long submit, long start, long end, boolean wasPinned, long blockedNanos) {
        int i = size;
        int chunk = i >>> CHUNK_BITS;
        if (chunk == vts.length) {
            int grown = chunk * 2;
            vts = Arrays.copyOf(vts, grown);
            submits = Arrays.copyOf(submits, grown);
            starts = Arrays.copyOf(starts, grown);
            ends = Arrays.copyOf(ends, grown);
            pinned = Arrays.copyOf(pinned, grown);
            blockedMicros = Arrays.copyOf(blockedMicros, grown);
        }
        if (vts[chunk] == null) {
            vts[chunk] = new int[CHUNK];
            submits[chunk] = new long[CHUNK];
            starts[chunk] = new long[CHUNK];
            ends[chunk] = new long[CHUNK];
            pinned[chunk] = new byte[CHUNK];
            blockedMicros[chunk] = new int[CHUNK];
        }
        int j = i & MASK;
        vts[chunk][j] = vt;
        submits[chunk][j] = submit;
        starts[chunk][j] = start;
        ends[chunk][j] = end;
        pinned[chunk][j] = (byte) (wasPinned ? 1 : 0);
        blockedMicros[chunk][j] = blockedNanos < 0 ? -1 : (int) Math.min(Integer.MAX_VALUE, blockedNanos / 1_000);
        // Publish the entry before clearing openVt: a reader in between sees the closed entry and the same
        // thread still open (harmless), never the carrier idle between two mounts.
        size = i + 1;
        openVt = -1;
    }

    public int index() { return index; }

    public String name() { return name; }

    public long addedAt() { return addedAt; }

    /** True for carriers beyond the parallelism: the pool added them to compensate for a blocked one. */
    public boolean addedByPool() { return addedByPool; }

    /** Completed mounts so far. */
    public int size() { return size; }

    public int vt(int i) { return vts[i >>> CHUNK_BITS][i & MASK]; }

    public long submit(int i) { return submits[i >>> CHUNK_BITS][i & MASK]; }

    public long start(int i) { return starts[i >>> CHUNK_BITS][i & MASK]; }

    public long end(int i) { return ends[i >>> CHUNK_BITS][i & MASK]; }

    /** Whether the carrier was blocked during this mount with the thread still mounted: the carrier wasted. */
    public boolean pinned(int i) { return pinned[i >>> CHUNK_BITS][i & MASK] != 0; }

    /**
     * Microseconds of this mount its carrier spent neither on a CPU nor waiting for one; -1 where that was not
     * measured (a JVM without a thread CPU clock, or a mount read back from a saved run).
     */
    public int blockedMicros(int i) { return blockedMicros[i >>> CHUNK_BITS][i & MASK]; }

    /** The thread mounted right now, or -1. */
    public int openVt() { return openVt; }

    /** When the current mount began (meaningful only while {@link #openVt()} is not -1). */
    public long openStart() { return openStart; }

    /** The completed mount covering time {@code t}, or -1; mounts of one carrier never overlap. */
    public int mountAt(long t) {
        int lo = 0;
        int hi = size - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (start(mid) <= t) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found >= 0 && t < end(found) ? found : -1;
    }

    /** The first completed mount that ends after {@code t} (size() if none): where a trail window begins. */
    public int firstEndingAfter(long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (end(mid) <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    long bytes() {
        long chunks = 0;
        for (int[] c : vts) {
            if (c != null) {
                chunks++;
            }
        }
        return chunks * CHUNK * (2L * Integer.BYTES + 3L * Long.BYTES + 1);
    }
}
