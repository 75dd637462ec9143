package loomscope.agent;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the three calls placed in {@code java.lang.VirtualThread} reach (see {@link VirtualThreadTransformer}).
 * Public because {@code java.base} calls it; loaded by the boot loader. Each call finds its carrier's own
 * {@link CarrierRecorder} and writes only there: no lock, nothing shared written, no allocation after a carrier's
 * first mount, and never an exception into the JDK (one would surface in the application's virtual thread).
 */
public final class Hooks {
    /** The carriers' recorders by carrier: the pinned park runs on the virtual thread and must find its carrier's. */
    private static final ConcurrentHashMap<Thread, CarrierRecorder> BY_CARRIER = new ConcurrentHashMap<>();
    /** Every carrier seen since the agent first loaded, in the order seen; the streamer reads them. */
    private static final List<CarrierRecorder> CARRIERS = new CopyOnWriteArrayList<>();
    private static final AtomicInteger NEXT_INDEX = new AtomicInteger();
    /** Hook calls that threw inside the agent: counted, never passed on. */
    private static final AtomicLong FAILURES = new AtomicLong();
    /** The carrier's recorder: one lookup in the carrier's own map, as {@code Thread.currentThread()} is the carrier. */
    private static final ThreadLocal<CarrierRecorder> OWN = new ThreadLocal<>();

    private Hooks() { }

    /** At {@code mount()}'s entry, on the carrier about to run {@code vthread}. */
    public static void mounted(Thread vthread) {
        try {
            recorder().mounted(vthread);
        } catch (Throwable t) {
            FAILURES.incrementAndGet();
        }
    }

    /** Before {@code unmount()} returns, on the carrier that ran {@code vthread}. */
    public static void unmounted(Thread vthread) {
        try {
            recorder().unmounted(vthread);
        } catch (Throwable t) {
            FAILURES.incrementAndGet();
        }
    }

    /** At {@code parkOnCarrierThread}'s entry, on the virtual thread, with its carrier: the park of a pinned thread. */
    public static void pinnedPark(Thread carrier) {
        try {
            CarrierRecorder r = BY_CARRIER.get(carrier);
            if (r != null) {
                r.pinnedPark();
            }
        } catch (Throwable t) {
            FAILURES.incrementAndGet();
        }
    }

    private static CarrierRecorder recorder() {
        CarrierRecorder r = OWN.get();
        if (r == null) {
            Thread carrier = Thread.currentThread();
            // a carrier whose thread locals were erased keeps its recorder (and its lane)
            r = BY_CARRIER.computeIfAbsent(carrier, c -> {
                CarrierRecorder created = new CarrierRecorder(NEXT_INDEX.getAndIncrement(), c);
                CARRIERS.add(created);
                return created;
            });
            OWN.set(r);
        }
        return r;
    }

    /** Once a session is over and its hooks are out: every carrier lets its ring go (see CarrierRecorder). */
    static void releaseRings() {
        for (CarrierRecorder r : CARRIERS) {
            r.release();
        }
    }

    static List<CarrierRecorder> carriers() {
        return CARRIERS;
    }

    static long failures() {
        return FAILURES.get();
    }
}
