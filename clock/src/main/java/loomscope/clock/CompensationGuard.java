package loomscope.clock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;

/**
 * Keeps a carrier's clock reads from growing the pool it measures. On JDK 21 every file read tells the JDK's
 * {@code Blocker} that the calling carrier, if it is of the JDK's class ({@code jdk.internal.misc.CarrierThread}), is
 * about to block, and the pool wakes or adds a carrier to make up for it: for any read, also one no virtual thread
 * asked for. Later JDKs do that only for a virtual thread's reads. A clock reads {@code /proc} around mounts, on the
 * carrier; on JDK 21 an attached application at P = 1 went from 1 carrier to 5 that way (docs/attach.md).
 * <p>
 * {@code Blocker} leaves alone a carrier already marked as blocking, so a read is made with that mark set, and the
 * mark is put back as it was. The mark is a private field of the JDK's class, reachable only where java.base opens
 * {@code jdk.internal.misc} to us (the child JVMs' command line, the agent's module change). Where it is not, a clock
 * on such a carrier reads no file at all: its long mounts are judged unsure rather than read with the pool's help.
 */
final class CompensationGuard {
    private static final String CARRIER_CLASS_NAME = "jdk.internal.misc.CarrierThread";
    /** JDK 21's name for the mark; a JDK without it does not compensate for a platform thread's reads. */
    private static final String FLAG_NAME = "blocking";

    private CompensationGuard() { }

    /** How the calling thread's clock may read its files. */
    enum Reads {
        /** Not a carrier of the JDK's class, or a JDK that does not compensate for its reads: read freely. */
        FREE,
        /** Read with the mark set ({@link #enter}, {@link #exit}). */
        MARKED,
        /** The mark cannot be reached: do not read. */
        NONE
    }

    /** Whether this JDK's carriers compensate for any read on them (JDK 21), so that a guard is needed at all. */
    static boolean jdkCompensatesForCarrierReads() {
        return Flag.FIELD != null;
    }

    /**
     * Looks the mark's handle up now, on the calling thread, rather than on the first carrier that needs it; whether
     * this JVM's JDK carriers can read their files (true where no mark is needed).
     */
    static boolean prepare() {
        return Flag.FIELD == null || Access.BLOCKING != null;
    }

    static Reads forCurrentThread() {
        if (Flag.FIELD == null || !Flag.FIELD.getDeclaringClass().isInstance(Thread.currentThread())) {
            return Reads.FREE;
        }
        return Access.BLOCKING != null ? Reads.MARKED : Reads.NONE;
    }

    /** Sets the calling carrier's mark; true if this call set it (then {@link #exit} clears it). */
    static boolean enter() {
        Thread carrier = Thread.currentThread();
        if ((boolean) Access.BLOCKING.get(carrier)) {
            return false;
        }
        Access.BLOCKING.set(carrier, true);
        return true;
    }

    static void exit(boolean entered) {
        if (entered) {
            Access.BLOCKING.set(Thread.currentThread(), false);
        }
    }

    /** Found without any access: whether the field exists says which kind of JDK this is. */
    private static final class Flag {
        static final Field FIELD = find();

        private static Field find() {
            try {
                // not initialised: finding the field must not make the JDK set up its carrier class here
                Field field = Class.forName(CARRIER_CLASS_NAME, false, null).getDeclaredField(FLAG_NAME);
                return field.getType() == boolean.class ? field : null;
            } catch (ReflectiveOperationException | LinkageError | SecurityException e) {
                return null;
            }
        }
    }

    /** Looked up at first use by a carrier, after the agent has had the package opened. */
    private static final class Access {
        static final VarHandle BLOCKING = lookUp();

        private static VarHandle lookUp() {
            Field field = Flag.FIELD;
            if (field == null) {
                return null;
            }
            try {
                return MethodHandles.privateLookupIn(field.getDeclaringClass(), MethodHandles.lookup())
                        .findVarHandle(field.getDeclaringClass(), FLAG_NAME, boolean.class);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;   // not opened to us (IllegalAccessException, or InaccessibleObjectException)
            }
        }
    }
}
