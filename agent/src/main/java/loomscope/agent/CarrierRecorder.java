package loomscope.agent;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import loomscope.clock.CarrierClock;

/**
 * One carrier's mount episodes: written only by that carrier (single writer), read by the stream's thread (single
 * reader), through a ring in primitive arrays whose size the agent's budget sets ({@link AgentBudget#ringCapacity}). A
 * full ring drops the episode and counts it: a carrier never waits for the reader. The carrier's clock judges each
 * episode as it closes ({@link CarrierClock}). Between sessions the ring is let go ({@link #release()}), so that a
 * detached target does not keep it; the carrier makes a new one at its next hooked mount.
 */
final class CarrierRecorder {
    /** The ring's size for carriers making their ring now (the session sets it from its budget before hooking). */
    static volatile int ringCapacity = AgentBudget.LARGEST_RING;

    /** The stream's drain thread while a session runs (null between sessions). */
    static volatile Thread drainer;

    final int index;
    final Thread carrier;
    /** When the carrier's first hooked mount came (nanoTime). */
    final long seenAt = System.nanoTime();

    // the ring: made by the carrier, let go by the reader once a session is over (see release). A thread's id and its
    // name, not the thread: a Thread kept in an entry kept the whole finished virtual thread reachable (its
    // continuation, its future, its task: ~350 bytes, not the 4 of a reference), and a ring of a churning target
    // that the drain had not caught up with held 8,000 of them, 3 MB of a 32 MB heap. A name is the thread's own
    // String (the empty one for the JDK's unnamed virtual threads), read without a copy.
    private long[] vthreadIds;
    private String[] names;
    private long[] starts;
    private long[] ends;
    private long[] blocked;
    private boolean[] parkedPinned;
    /** Entries below it are complete: set by the carrier with release semantics after the entry's fields. */
    private final AtomicLong published = new AtomicLong();
    /** Entries below it were read: set by the reader, after which the carrier may write over them. */
    private final AtomicLong consumed = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    /**
     * Mounts of the thread already mounted here: only a hook that runs twice does that (a transformer left in by a
     * detach that removed it through another Instrumentation). Counted so that the pitfall shows.
     */
    private final AtomicLong doubled = new AtomicLong();

    // the carrier's own: no other thread reads these, but for the held-stack sampler's reads of the open mount
    // (openThread, openSince: a release store on the carrier's path, no fence)
    private long written;
    private long consumedSeen;
    private Thread openVthread;
    private long openStart;
    private static final VarHandle OPEN_VTHREAD;
    private static final VarHandle OPEN_START;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            OPEN_VTHREAD = lookup.findVarHandle(CarrierRecorder.class, "openVthread", Thread.class);
            OPEN_START = lookup.findVarHandle(CarrierRecorder.class, "openStart", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
    private boolean openParkedPinned;
    private CarrierClock clock;

    CarrierRecorder(int index, Thread carrier) {
        this.index = index;
        this.carrier = carrier;
        makeRing();
    }

    /** The carrier's own, at its first mount and at its first mount after a {@link #release()}. */
    private void makeRing() {
        int capacity = ringCapacity;
        starts = new long[capacity];
        ends = new long[capacity];
        blocked = new long[capacity];
        parkedPinned = new boolean[capacity];
        names = new String[capacity];
        vthreadIds = new long[capacity];   // last: the one whose absence says the ring is gone
        consumedSeen = consumed.get();
        written = Math.max(written, consumedSeen);
    }

    void mounted(Thread vthread) {
        if (vthreadIds == null) {
            makeRing();
        }
        if (clock == null) {
            clock = CarrierClock.forCurrentThread();   // its /proc files name the thread that opens them
        }
        if (openVthread == vthread) {
            doubled.lazySet(doubled.get() + 1);
            return;
        }
        long now = System.nanoTime();   // one clock read serves the marks' age and the start (~20 ns each)
        clock.startMount(now);
        openParkedPinned = false;
        OPEN_START.setOpaque(this, now);
        OPEN_VTHREAD.setRelease(this, vthread);   // after its start: a sampler that sees the thread sees when it came
    }

    /** The virtual thread mounted here now, or null: for the held-stack sampler, on its own thread. */
    Thread openThread() {
        return (Thread) OPEN_VTHREAD.getAcquire(this);
    }

    /** When the mount {@link #openThread} returned began. */
    long openSince() {
        return (long) OPEN_START.getOpaque(this);
    }

    void pinnedPark() {
        openParkedPinned = true;
    }

    void unmounted(Thread vthread) {
        long end = System.nanoTime();
        if (openVthread != vthread) {
            return;   // mounted before the hooks were in (an attach in mid-episode): no start to pair with
        }
        OPEN_VTHREAD.setRelease(this, null);
        long blockedValue = clock.endMount(openStart, end);
        long[] ring = vthreadIds;
        String[] ringNames = names;
        if (ring == null || ringNames == null) {
            return;   // let go while this episode was open: the session it belonged to is over
        }
        int capacity = ring.length;
        long w = written;
        if (w - consumedSeen >= capacity) {
            consumedSeen = consumed.get();
            if (w - consumedSeen >= capacity) {
                dropped.lazySet(dropped.get() + 1);   // only this carrier writes it
                return;
            }
        }
        int i = (int) (w & (capacity - 1));
        ring[i] = vthread.threadId();
        ringNames[i] = vthread.getName();
        starts[i] = openStart;
        ends[i] = end;
        blocked[i] = blockedValue;
        parkedPinned[i] = openParkedPinned;
        written = w + 1;
        published.lazySet(w + 1);
        if ((written & ((capacity >> 3) - 1)) == 0 && written - consumedSeen >= capacity / 2) {
            consumedSeen = consumed.get();
            Thread d = drainer;
            if (d != null && written - consumedSeen >= capacity / 2) {
                // a wake-up, never a wait: once per eighth of a ring at most, and only when the ring is half full
                LockSupport.unpark(d);
            }
        }
    }

    /** What the reader is handed, one episode at a time. */
    interface Sink {
        void episode(CarrierRecorder carrier, long vthreadId, String vthreadName, long start, long end, long blockedValue,
                     boolean parkedPinned);
    }

    /** Reader only: hands every published episode to {@code sink}; returns how many. */
    int drain(Sink sink) {
        long from = consumed.get();
        long to = published.get();
        long[] ring = vthreadIds;
        String[] ringNames = names;
        if (ring == null || ringNames == null || to - from > ring.length) {
            consumed.lazySet(to);   // written around a release: not this session's
            return 0;
        }
        int mask = ring.length - 1;
        for (long k = from; k < to; k++) {
            int i = (int) (k & mask);
            sink.episode(this, ring[i], ringNames[i], starts[i], ends[i], blocked[i], parkedPinned[i]);
            ringNames[i] = null;   // no name kept by a quiet carrier
        }
        consumed.lazySet(to);
        return (int) (to - from);
    }

    /** Reader only: forgets what is queued (a new session starts with what happens from then on). */
    void skipQueued() {
        long to = published.get();
        String[] ring = names;
        for (long k = consumed.get(); ring != null && k < to; k++) {
            ring[(int) (k & (ring.length - 1))] = null;
        }
        consumed.lazySet(to);
    }

    /**
     * Reader only, once the hooks are out and the last episodes sent: lets the ring go, so that a detached target
     * keeps nothing of it. A hook still running when the hooks were taken out finds no ring and records nothing.
     */
    void release() {
        vthreadIds = null;
        names = null;
        starts = null;
        ends = null;
        blocked = null;
        parkedPinned = null;
        consumed.lazySet(published.get());
    }

    /** The ring's size now (0 when let go). */
    int capacity() {
        long[] ring = vthreadIds;
        return ring == null ? 0 : ring.length;
    }

    long dropped() {
        return dropped.get();
    }

    long doubled() {
        return doubled.get();
    }
}
