package loomscope.workload.jdk22;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import loomscope.workload.NativeSection;
import loomscope.workload.UnsupportedModeException;

/**
 * libc {@code qsort} over two ints with a Java comparator: the comparator is an upcall, so while it runs
 * there is a native frame (qsort) between it and the thread's entry. That is the pinning JEP 491 left.
 */
public final class QsortUpcallSection implements NativeSection {

    /** The body for the comparator call running on this thread; a virtual thread's own ThreadLocal is cheap. */
    private static final ThreadLocal<Runnable> BODY = new ThreadLocal<>();

    private static final MethodHandle QSORT;
    private static final MemorySegment COMPARATOR;

    static {
        try {
            Linker linker = Linker.nativeLinker();
            MemorySegment qsortAddress = linker.defaultLookup().find("qsort")
                    .orElseThrow(() -> new UnsupportedModeException("libc qsort not found"));
            QSORT = linker.downcallHandle(qsortAddress, FunctionDescriptor.ofVoid(
                    ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
            MethodHandle compare = MethodHandles.lookup().findStatic(QsortUpcallSection.class, "compare",
                    MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
            FunctionDescriptor comparatorType = FunctionDescriptor.of(ValueLayout.JAVA_INT,
                    ValueLayout.ADDRESS.withTargetLayout(ValueLayout.JAVA_INT),
                    ValueLayout.ADDRESS.withTargetLayout(ValueLayout.JAVA_INT));
            COMPARATOR = linker.upcallStub(compare, comparatorType, Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public void callThroughNativeFrame(Runnable body) {
        BODY.set(body);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pair = arena.allocate(ValueLayout.JAVA_INT, 2);
            pair.setAtIndex(ValueLayout.JAVA_INT, 0, 2);
            pair.setAtIndex(ValueLayout.JAVA_INT, 1, 1);
            QSORT.invokeExact(pair, 2L, 4L, COMPARATOR);
        } catch (Throwable e) {
            throw new IllegalStateException("qsort downcall failed", e);
        } finally {
            BODY.remove();
        }
    }

    /** The upcall. An exception escaping an upcall kills the JVM, so the body runs once and never throws. */
    private static int compare(MemorySegment a, MemorySegment b) {
        Runnable body = BODY.get();
        if (body != null) {
            BODY.set(null);
            try {
                body.run();
            } catch (Throwable ignored) {
                // the body records its own failures; nothing may cross the native frame
            }
        }
        return Integer.compare(a.get(ValueLayout.JAVA_INT, 0), b.get(ValueLayout.JAVA_INT, 0));
    }
}
