package loomscope.recording;

import java.util.concurrent.atomic.AtomicIntegerArray;

import loomscope.clock.BlockedTime;

/**
 * The mounts of one carrier, in the order they happened. Only that carrier writes (so no locks); any thread
 * may read the first {@link #size()} entries. Entries live in 4,096-entry chunks of primitive arrays: no
 * object per mount, and growth copies only the chunk directory. Times are relative to the recording origin.
 */
public final class CarrierLog {
    /** 4,096 mounts a chunk. */
    private static final int CHUNK_BITS = 12;

    private final int index;
    private final String name;
    private final long addedAt;
    private final boolean addedByPool;

    /**
     * Per mount: the thread, its submit, start and end, its {@link MountClass} (its ordinal in a byte), and the
     * carrier's blocked time in microseconds (the generic rule's measure), -1 where not measured.
     */
    private enum Column { VT, SUBMIT, START, END, CLASS, BLOCKED_MICROS }

    private final PrimitiveColumns<Column> mounts = new PrimitiveColumns<>(Column.class, CHUNK_BITS,
            int.class, long.class, long.class, long.class, byte.class, int.class);
    /**
     * Mounts so far per {@link MountClass} ordinal, kept for unsure, captured, stalled and held ones
     * ({@link #counted}): added to by the one writer before {@link #size}, and by {@link #reclass} from the thread
     * that classes the mounts while the run goes.
     */
    private final AtomicIntegerArray counts = new AtomicIntegerArray(MountClass.values().length);
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

    /** {@code blockedNanos} -1: unmeasured. */
    void close(int vt, long submit, long start, long end, MountClass mountClass, long blockedNanos) {
        int i = size;
        mounts.row(i).putInt(Column.VT, vt).putLong(Column.SUBMIT, submit).putLong(Column.START, start)
                .putLong(Column.END, end).putByte(Column.CLASS, (byte) mountClass.ordinal())
                .putInt(Column.BLOCKED_MICROS, micros(blockedNanos));
        // before size: a reader that sees the entry sees the count with it
        count(mountClass, 1);   // captured or stalled: a saved run read back, or a builder's, classed already
        // Publish the entry before clearing openVt: a reader in between sees the closed entry and the same
        // thread still open (harmless), never the carrier idle between two mounts.
        size = i + 1;
        openVt = -1;
    }

    /** Adds {@code delta} to the count of {@code mountClass}, if it is kept. */
    private void count(MountClass mountClass, int delta) {
        if (counted(mountClass)) {
            counts.getAndAdd(mountClass.ordinal(), delta);
        }
    }

    /**
     * Whether a class's mounts are counted as they come: not the many not held, nor the pinned (walked when asked), so
     * that most mounts cost their carrier no atomic add.
     */
    private static boolean counted(MountClass mountClass) {
        return mountClass != MountClass.NOT_HELD && mountClass != MountClass.PINNED;
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

    public int vt(int i) { return mounts.getInt(Column.VT, i); }

    public long submit(int i) { return mounts.getLong(Column.SUBMIT, i); }

    public long start(int i) { return mounts.getLong(Column.START, i); }

    public long end(int i) { return mounts.getLong(Column.END, i); }

    /** Mount {@code i}'s class: what it did to this carrier, as far as anyone has told. */
    public MountClass mountClass(int i) { return MountClass.of(mounts.getByte(Column.CLASS, i)); }

    /** Whether the carrier was blocked during this mount with the thread still mounted: the carrier wasted. */
    public boolean pinned(int i) { return mountClass(i) == MountClass.PINNED; }

    /** How many mounts so far are unsure (as of the last {@link #size()} read). */
    public int unsureCount() { return counts.get(MountClass.UNSURE.ordinal()); }

    /**
     * Whether no witness could tell why this mount held its carrier: the carrier's clocks could not tell if it blocked
     * for the floor or more (it was also preempted, or a collection stopped it), or they saw it blocked and none of the
     * JDK's witnesses said why. Drawn and counted as unsure, never as not pinned.
     */
    public boolean unsure(int i) { return mountClass(i) == MountClass.UNSURE; }

    /** Captured and stalled mounts so far, together. */
    public int capturedOrStalledCount() { return capturedCount() + stalledCount(); }

    /** Captured mounts so far. */
    public int capturedCount() { return counts.get(MountClass.CAPTURED.ordinal()); }

    /** Stalled mounts so far. */
    public int stalledCount() { return counts.get(MountClass.STALLED.ordinal()); }

    /** Whether this mount was held in a system call (the JDK's I/O events say so): captured, not pinned. */
    public boolean captured(int i) { return mountClass(i) == MountClass.CAPTURED; }

    /** Whether the JVM held this mount's carrier (a safepoint covered its blocked time): stalled, not pinned. */
    public boolean stalled(int i) { return mountClass(i) == MountClass.STALLED; }

    /** Whether mount {@code i} held its carrier and no witness has said why yet (only while its run goes). */
    public boolean held(int i) { return mountClass(i) == MountClass.HELD; }

    /** Held mounts not yet classed so far. */
    public int heldCount() { return counts.get(MountClass.HELD.ordinal()); }

    /**
     * Whether mount {@code i} held its carrier, or may have, by any word: its clocks' (held, pinned, unsure) or a
     * witness's (captured, stalled). The mounts the witnesses class.
     */
    public boolean heldByAnyWord(int i) { return mountClass(i).heldByAnyWord(); }

    /**
     * Classes mount {@code i} anew from the JDK's witnesses ({@code loomscope.probe.CauseClassifier}). One classing
     * thread at a time: after the run, or while it goes for a mount already closed (its carrier writes only past
     * {@link #size}).
     */
    public void reclass(int i, MountClass mountClass) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("mount " + i + " of " + size);
        }
        MountClass before = mountClass(i);
        if (before == mountClass) {
            return;
        }
        mounts.row(i).putByte(Column.CLASS, (byte) mountClass.ordinal());
        count(mountClass, 1);
        count(before, -1);
    }

    /**
     * Microseconds of this mount its carrier spent blocked (an unsure mount's lower bound); -1 where that was not
     * measured (a JVM without a thread CPU clock, or a mount read back from a saved run).
     */
    public int blockedMicros(int i) {
        int v = mounts.getInt(Column.BLOCKED_MICROS, i);
        return v <= -2 ? -2 - v : v;
    }

    /** Whether the carrier's clocks measured this mount ({@link #clocksSay} tells what they saw). */
    public boolean clocksMeasured(int i) { return mounts.getInt(Column.BLOCKED_MICROS, i) != -1; }

    /**
     * What the carriers' clocks said of this mount, before anyone classed it: held, not held or unsure (the seed draws
     * its phases' word; this is its cross-check); only where they measured it ({@link #clocksMeasured}).
     */
    public MountClass clocksSay(int i) {
        int v = mounts.getInt(Column.BLOCKED_MICROS, i);
        return PinnedRule.clocksSay(v == -1 ? BlockedTime.UNMEASURED : v <= -2 ? BlockedTime.unsure((-2L - v) * 1_000)
                : v * 1_000L);
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

    long bytes() { return mounts.bytes(); }
}
