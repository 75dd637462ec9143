package loomscope.recording;

import java.util.Arrays;

import loomscope.clock.BlockedTime;

/**
 * The mounts of one carrier, in the order they happened. Only that carrier writes (so no locks); any thread
 * may read the first {@link #size()} entries. Entries live in 4,096-entry chunks of primitive arrays: no
 * object per mount, and growth copies only the chunk directory. Times are relative to the recording origin.
 */
public final class CarrierLog {
    private static final int CHUNK_BITS = 12;
    private static final int CHUNK = 1 << CHUNK_BITS;
    private static final int MASK = CHUNK - 1;
    static final byte NOT_PINNED = 0;
    static final byte PINNED = 1;
    static final byte UNSURE = 2;

    private final int index;
    private final String name;
    private final long addedAt;
    private final boolean addedByPool;

    private int[][] vts = new int[4][];
    private long[][] submits = new long[4][];
    private long[][] starts = new long[4][];
    private long[][] ends = new long[4][];
    /** The drawn verdict: {@link #NOT_PINNED}, {@link #PINNED} or {@link #UNSURE}. */
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
        close(vt, submit, start, end, wasPinned ? PINNED : NOT_PINNED, blockedNanos);
    }

    /** {@code verdict}: {@link #NOT_PINNED}, {@link #PINNED} or {@link #UNSURE}; {@code blockedNanos} -1: unmeasured. */
    void close(int vt, long submit, long start, long end, byte verdict, long blockedNanos) {
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
        pinned[chunk][j] = verdict;
        blockedMicros[chunk][j] = micros(blockedNanos);
        // Publish the entry before clearing openVt: a reader in between sees the closed entry and the same
        // thread still open (harmless), never the carrier idle between two mounts.
        size = i + 1;
        openVt = -1;
    }

    /** A {@link BlockedTime} value in microseconds, kept in the same three ranges. */
    private static int micros(long blockedValue) {
        long lower = BlockedTime.lowerBound(blockedValue);
        if (lower < 0) {
            return -1;
        }
        int micros = (int) Math.min(Integer.MAX_VALUE - 2, lower / 1_000);
        return BlockedTime.isUnsure(blockedValue) ? -2 - micros : micros;
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
    public boolean pinned(int i) { return pinned[i >>> CHUNK_BITS][i & MASK] == PINNED; }

    /**
     * Whether the carrier's clocks could not tell if this mount blocked for the floor or more (it was also
     * preempted, or a collection stopped it): drawn and counted as unsure, never as not pinned.
     */
    public boolean unsure(int i) { return pinned[i >>> CHUNK_BITS][i & MASK] == UNSURE; }

    /**
     * Microseconds of this mount its carrier spent blocked (an unsure mount's lower bound); -1 where that was not
     * measured (a JVM without a thread CPU clock, or a mount read back from a saved run).
     */
    public int blockedMicros(int i) {
        int v = blockedMicros[i >>> CHUNK_BITS][i & MASK];
        return v <= -2 ? -2 - v : v;
    }

    /** The carriers' clocks' own verdict on this mount (the seed draws its phases' verdict; this is its cross-check). */
    public MountVerdict clockVerdict(int i) {
        int v = blockedMicros[i >>> CHUNK_BITS][i & MASK];
        if (v <= -2) {
            return MountVerdict.UNSURE;
        }
        return v < 0 ? MountVerdict.UNMEASURED
                : PinnedRule.blockedWhileMounted(v * 1_000L) ? MountVerdict.PINNED : MountVerdict.NOT_PINNED;
    }

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
