package loomscope.agent;

import java.util.concurrent.atomic.AtomicLong;

import loomscope.clock.CarrierClock;

/**
 * One carrier's mount episodes: written only by that carrier (single writer), read by the stream's thread (single
 * reader), through a ring of {@value #CAPACITY} entries in primitive arrays. A full ring drops the episode and
 * counts it: a carrier never waits for the reader. The carrier's clock judges each episode as it closes
 * ({@link CarrierClock}).
 */
final class CarrierRecorder {
    static final int CAPACITY = 1 << 13;
    private static final int MASK = CAPACITY - 1;
    /** How often (in episodes) a carrier looks whether its ring is half full and the drain thread must come now. */
    private static final int WAKE_CHECK = CAPACITY / 8;

    /** The stream's drain thread while a session runs (null between sessions). */
    static volatile Thread drainer;

    final int index;
    final Thread carrier;
    /** When the carrier's first hooked mount came (nanoTime). */
    final long seenAt = System.nanoTime();

    private final Thread[] vthreads = new Thread[CAPACITY];
    private final long[] starts = new long[CAPACITY];
    private final long[] ends = new long[CAPACITY];
    private final long[] blocked = new long[CAPACITY];
    private final boolean[] parkedPinned = new boolean[CAPACITY];
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

    // the carrier's own: no other thread reads these
    private long written;
    private long consumedSeen;
    private Thread openVthread;
    private long openStart;
    private boolean openParkedPinned;
    private CarrierClock clock;

    CarrierRecorder(int index, Thread carrier) {
        this.index = index;
        this.carrier = carrier;
    }

    void mounted(Thread vthread) {
        if (clock == null) {
            clock = CarrierClock.forCurrentThread();   // its /proc files name the thread that opens them
        }
        if (openVthread == vthread) {
            doubled.lazySet(doubled.get() + 1);
            return;
        }
        long now = System.nanoTime();   // one clock read serves the marks' age and the start (~20 ns each)
        clock.startMount(now);
        openVthread = vthread;
        openParkedPinned = false;
        openStart = now;
    }

    void pinnedPark() {
        openParkedPinned = true;
    }

    void unmounted(Thread vthread) {
        long end = System.nanoTime();
        if (openVthread != vthread) {
            return;   // mounted before the hooks were in (an attach in mid-episode): no start to pair with
        }
        openVthread = null;
        long blockedValue = clock.endMount(openStart, end);
        long w = written;
        if (w - consumedSeen >= CAPACITY) {
            consumedSeen = consumed.get();
            if (w - consumedSeen >= CAPACITY) {
                dropped.lazySet(dropped.get() + 1);   // only this carrier writes it
                return;
            }
        }
        int i = (int) (w & MASK);
        vthreads[i] = vthread;
        starts[i] = openStart;
        ends[i] = end;
        blocked[i] = blockedValue;
        parkedPinned[i] = openParkedPinned;
        written = w + 1;
        published.lazySet(w + 1);
        if ((written & (WAKE_CHECK - 1)) == 0 && written - consumedSeen >= CAPACITY / 2) {
            consumedSeen = consumed.get();
            Thread d = drainer;
            if (d != null && written - consumedSeen >= CAPACITY / 2) {
                // a wake-up, never a wait: once per 1,024 episodes at most, and only when the ring is half full
                java.util.concurrent.locks.LockSupport.unpark(d);
            }
        }
    }

    /** What the reader is handed, one episode at a time. */
    interface Sink {
        void episode(CarrierRecorder carrier, Thread vthread, long start, long end, long blockedValue, boolean parkedPinned);
    }

    /** Reader only: hands every published episode to {@code sink}; returns how many. */
    int drain(Sink sink) {
        long from = consumed.get();
        long to = published.get();
        for (long k = from; k < to; k++) {
            int i = (int) (k & MASK);
            sink.episode(this, vthreads[i], starts[i], ends[i], blocked[i], parkedPinned[i]);
            vthreads[i] = null;   // no dead thread kept reachable by a quiet carrier
        }
        consumed.lazySet(to);
        return (int) (to - from);
    }

    /** Reader only: forgets what is queued (a new session starts with what happens from then on). */
    void skipQueued() {
        long to = published.get();
        for (long k = consumed.get(); k < to; k++) {
            vthreads[(int) (k & MASK)] = null;
        }
        consumed.lazySet(to);
    }

    long dropped() {
        return dropped.get();
    }

    long doubled() {
        return doubled.get();
    }
}
