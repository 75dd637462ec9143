package loomscope.workload;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.concurrent.Executor;

/**
 * Virtual threads on a scheduler of our choosing. The JDK has had a package-private builder that takes an
 * Executor since 21 (its own tests use it); it needs {@code --add-opens java.base/java.lang=ALL-UNNAMED},
 * which the CLI jar's manifest, the surefire argLine and javafx:run all pass.
 */
public final class VirtualThreads {

    private static final String OPENS_HINT =
            "the carrier pool needs --add-opens java.base/java.lang=ALL-UNNAMED on the java command line";

    private VirtualThreads() { }

    public static Thread.Builder.OfVirtual builderOn(Executor scheduler) {
        try {
            Class<?> builderClass = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder");
            Constructor<?> constructor = builderClass.getDeclaredConstructor(Executor.class);
            constructor.setAccessible(true);
            return (Thread.Builder.OfVirtual) constructor.newInstance(scheduler);
        } catch (RuntimeException | ReflectiveOperationException e) {
            throw new UnsupportedModeException(OPENS_HINT + " (" + e.getClass().getSimpleName() + ")", e);
        }
    }

    /** The Runnable the JDK submits to the scheduler for each mount of {@code virtualThread}. */
    public static Runnable runContinuationOf(Thread virtualThread) {
        if (RUN_CONTINUATION == null) {
            throw new UnsupportedModeException(OPENS_HINT);
        }
        try {
            return (Runnable) RUN_CONTINUATION.get(virtualThread);
        } catch (IllegalAccessException e) {
            throw new UnsupportedModeException(OPENS_HINT, e);
        }
    }

    /** The carrier a virtual thread is mounted on right now, or null. */
    public static Thread carrierOf(Thread virtualThread) {
        if (CARRIER_THREAD == null || !virtualThread.isVirtual()) {
            return null;
        }
        try {
            return (Thread) CARRIER_THREAD.get(virtualThread);
        } catch (IllegalAccessException e) {
            throw new UnsupportedModeException(OPENS_HINT, e);
        }
    }

    private static final Field RUN_CONTINUATION = field("runContinuation");
    private static final Field CARRIER_THREAD = field("carrierThread");

    private static Field field(String name) {
        try {
            Field f = Class.forName("java.lang.VirtualThread").getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (RuntimeException | ReflectiveOperationException e) {
            return null;
        }
    }

    /** Whether this JVM lets us build virtual threads on our own carriers. */
    public static boolean poolAvailable() {
        return RUN_CONTINUATION != null && CARRIER_THREAD != null;
    }
}
