// A sleep inside a native frame: libc qsort calls
// back into Java (an FFM upcall) and the callback
// sleeps. A native frame on the stack pins on
// every JDK, 25 too. Needs JDK 22+ (FFM).
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

public class SeedNativeFrame {
    static final int SLEEP_MS = 5;
    static final Linker C = Linker.nativeLinker();
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;

    static int compare(MemorySegment a, MemorySegment b) {
        try {
            Thread.sleep(SLEEP_MS);   // inside qsort: pinned
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Integer.compare(a.get(INT, 0), b.get(INT, 0));
    }

    public void run(int index) throws Exception {
        try (Arena arena = Arena.ofConfined()) {
            ValueLayout n = ValueLayout.JAVA_LONG;
            MethodHandle qsort = C.downcallHandle(
                    C.defaultLookup().find("qsort").orElseThrow(),
                    FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, n, n,
                            ValueLayout.ADDRESS));
            MethodHandle cmp = MethodHandles.lookup().findStatic(
                    SeedNativeFrame.class, "compare",
                    MethodType.methodType(int.class,
                            MemorySegment.class, MemorySegment.class));
            ValueLayout ptr = ValueLayout.ADDRESS.withTargetLayout(INT);
            MemorySegment callback = C.upcallStub(cmp,
                    FunctionDescriptor.of(INT, ptr, ptr), arena);
            MemorySegment two = arena.allocateFrom(INT, 2, 1);
            qsort.invokeExact(two, 2L, 4L, callback);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new Exception(t);
        }
    }
}
