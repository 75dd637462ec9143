package loomscope.recording;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import loomscope.clock.BlockedTime;

/**
 * The mounts of one carrier, in the order they happened. Only that carrier writes (so no locks); any thread
 * may read the first {@link #size()} entries. Entries live in 4,096-entry chunks of primitive arrays: no
 * object per mount, and growth copies only the chunk directory. Times are relative to the recording origin.
 */
public final class CarrierLog {
    /** 4,096 mounts a chunk. */
    private static final int CHUNK_BITS = 12;
    static final byte NOT_PINNED = 0;
    static final byte PINNED = 1;
    static final byte UNSURE = 2;
    /** Held in a system call (JFR's I/O events): classed after the run from the JDK's witnesses ({@link #setCause}). */
    static final byte CAPTURED = 3;
    /** Held by the JVM (a safepoint): classed after the run from the JDK's witnesses. */
    static final byte STALLED = 4;
    /**
     * Held, not yet classed: the clocks saw the carrier blocked for the floor or more, and no witness has said why yet.
     * Only a run whose witnesses class its mounts while it goes writes it ({@link RunRecording#expectWitnesses}); the
     * witnesses turn it into one of the causes, and the run's end classes what is left. Never drawn red.
     */
    static final byte HELD = 5;

    private final int index;
    private final String name;
    private final long addedAt;
    private final boolean addedByPool;

    /**
     * Per mount: the thread, its submit, start and end, the drawn verdict ({@link #NOT_PINNED}, {@link #PINNED},
     * {@link #UNSURE}, {@link #CAPTURED} or {@link #STALLED}), and the carrier's blocked time in microseconds (the generic rule's measure), -1 where not
     * measured.
     */
    private enum Column { VT, SUBMIT, START, END, VERDICT, BLOCKED_MICROS }

    private final PrimitiveColumns<Column> mounts = new PrimitiveColumns<>(Column.class, CHUNK_BITS,
            int.class, long.class, long.class, long.class, byte.class, int.class);
    /**
     * Unsure mounts so far; added to by the one writer before {@link #size}, and by {@link #setCause} from the thread
     * that classes the mounts while the run goes: atomically ({@link #COUNTS}).
     */
    private volatile int unsureCount;
    /** Captured mounts: {@link #setCause} makes them (a saved run's builder too); atomically. */
    private volatile int capturedCount;
    /** Stalled mounts, likewise. */
    private volatile int stalledCount;
    /** Held mounts not yet classed; the writer adds them, {@link #setCause} takes them away; atomically. */
    private volatile int heldCount;
    private static final VarHandle UNSURE_COUNT;
    private static final VarHandle CAPTURED_COUNT;
    private static final VarHandle STALLED_COUNT;
    private static final VarHandle HELD_COUNT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            UNSURE_COUNT = lookup.findVarHandle(CarrierLog.class, "unsureCount", int.class);
            CAPTURED_COUNT = lookup.findVarHandle(CarrierLog.class, "capturedCount", int.class);
            STALLED_COUNT = lookup.findVarHandle(CarrierLog.class, "stalledCount", int.class);
            HELD_COUNT = lookup.findVarHandle(CarrierLog.class, "heldCount", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
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

    /** {@code verdict}: one of the five verdict bytes; {@code blockedNanos} -1: unmeasured. */
    void close(int vt, long submit, long start, long end, byte verdict, long blockedNanos) {
        int i = size;
        mounts.row(i).putInt(Column.VT, vt).putLong(Column.SUBMIT, submit).putLong(Column.START, start)
                .putLong(Column.END, end).putByte(Column.VERDICT, verdict)
                .putInt(Column.BLOCKED_MICROS, micros(blockedNanos));
        // before size: a reader that sees the entry sees the count with it
        count(verdict, 1);   // captured or stalled: a saved run read back, or a builder's, classed already
        // Publish the entry before clearing openVt: a reader in between sees the closed entry and the same
        // thread still open (harmless), never the carrier idle between two mounts.
        size = i + 1;
        openVt = -1;
    }

    /** Adds {@code delta} to the count that {@code verdict} is kept in, if any. */
    private void count(byte verdict, int delta) {
        switch (verdict) {
            case UNSURE -> UNSURE_COUNT.getAndAdd(this, delta);
            case CAPTURED -> CAPTURED_COUNT.getAndAdd(this, delta);
            case STALLED -> STALLED_COUNT.getAndAdd(this, delta);
            case HELD -> HELD_COUNT.getAndAdd(this, delta);
            default -> { }
        }
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

    /** Whether the carrier was blocked during this mount with the thread still mounted: the carrier wasted. */
    public boolean pinned(int i) { return mounts.getByte(Column.VERDICT, i) == PINNED; }

    /** How many mounts so far are unsure (as of the last {@link #size()} read). */
    public int unsureCount() { return unsureCount; }

    /**
     * Whether no witness could tell why this mount held its carrier: the carrier's clocks could not tell if it blocked
     * for the floor or more (it was also preempted, or a collection stopped it), or they saw it blocked and none of the
     * JDK's witnesses said why. Drawn and counted as unsure, never as not pinned.
     */
    public boolean unsure(int i) { return mounts.getByte(Column.VERDICT, i) == UNSURE; }

    /** Captured and stalled mounts so far, together. */
    public int capturedOrStalledCount() { return capturedCount + stalledCount; }

    /** Captured mounts so far. */
    public int capturedCount() { return capturedCount; }

    /** Stalled mounts so far. */
    public int stalledCount() { return stalledCount; }

    /** Whether this mount was held in a system call (the JDK's I/O events say so): captured, not pinned. */
    public boolean captured(int i) { return mounts.getByte(Column.VERDICT, i) == CAPTURED; }

    /** Whether the JVM held this mount's carrier (a safepoint covered its blocked time): stalled, not pinned. */
    public boolean stalled(int i) { return mounts.getByte(Column.VERDICT, i) == STALLED; }

    /** Whether mount {@code i} held its carrier and no witness has said why yet (only while its run goes). */
    public boolean held(int i) { return mounts.getByte(Column.VERDICT, i) == HELD; }

    /** Mount {@code i}'s verdict as {@link RecordingBuilder#mount(int, int, long, long, long, int)} takes it. */
    public int verdictCode(int i) { return mounts.getByte(Column.VERDICT, i); }

    /** Held mounts not yet classed so far. */
    public int heldCount() { return heldCount; }

    /**
     * Whether mount {@code i} held its carrier, or may have, by any word: its clocks' (held, pinned, unsure) or a
     * witness's (captured, stalled). The mounts the witnesses class.
     */
    public boolean heldByAnyWord(int i) { return mounts.getByte(Column.VERDICT, i) != NOT_PINNED; }

    /** Why this mount held its carrier, or null for a mount that did not (as far as anyone can tell). */
    public MountCause cause(int i) {
        return switch (mounts.getByte(Column.VERDICT, i)) {
            case PINNED -> MountCause.PINNED;
            case UNSURE -> MountCause.UNSURE;
            case CAPTURED -> MountCause.CAPTURED;
            case STALLED -> MountCause.STALLED;
            default -> null;
        };
    }

    /**
     * Classes mount {@code i} anew from the JDK's witnesses ({@code loomscope.probe.CauseClassifier}); null: it did not
     * hold its carrier. One classing thread at a time: after the run, or while it goes for a mount already closed (its
     * carrier writes only past {@link #size}).
     */
    public void setCause(int i, MountCause cause) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("mount " + i + " of " + size);
        }
        byte verdict = cause == null ? NOT_PINNED : switch (cause) {
            case PINNED -> PINNED;
            case UNSURE -> UNSURE;
            case CAPTURED -> CAPTURED;
            case STALLED -> STALLED;
        };
        byte before = mounts.getByte(Column.VERDICT, i);
        if (before == verdict) {
            return;
        }
        mounts.row(i).putByte(Column.VERDICT, verdict);
        count(verdict, 1);
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

    /** The carriers' clocks' own verdict on this mount (the seed draws its phases' verdict; this is its cross-check). */
    public MountVerdict clockVerdict(int i) {
        int v = mounts.getInt(Column.BLOCKED_MICROS, i);
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

    long bytes() { return mounts.bytes(); }
}
