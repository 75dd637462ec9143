package loomscope.probe;

import java.util.List;

import loomscope.recording.MountClass;

/**
 * What a stack sampled while a carrier was held ({@link Witness.Kind#HELD_STACK}) can tell, from its top frames and the
 * thread's state. A virtual thread that parks, waits or blocks on a monitor unmounts unless it cannot: still mounted in
 * one of those, it is pinned: a fact of the stack, whatever the timing. Still mounted in any other native method, its
 * carrier is held by a system call or native code (a DNS lookup, opening a pipe, JNI): captured, where the kernel
 * confirmed the carrier blocked when the stack was taken. Off its CPU is not blocked: a carrier that waited for a CPU
 * (beside CPU hogs) with a native frame on top looks the same to the stack, so where the kernel did not say (no
 * {@code /proc}, kernelCounts=off, an older agent's line) such a stack tells where, not why. With a Java frame on top and its carrier off its CPU, nothing
 * here can tell a JIT or class-loading lock from a page fault or a class initialiser: the stack tells where, not why.
 * A downcall through the FFM API shows no native frame (its frames are hidden), so it reads as a Java frame.
 */
final class HeldStacks {
    private HeldStacks() { }

    /** Frames looked at from the top: a park sits under a frame or two of the JDK's own. */
    private static final int TOP_FRAMES = 4;

    /** The cause the stack shows, or null where it shows only where (a Java frame on top). */
    static MountClass causeOf(Witness w) {
        return switch (kindOf(w)) {
            case PINNED_PARK, OBJECT_WAIT, MONITOR -> MountClass.PINNED;
            case NATIVE -> MountClass.CAPTURED;
            case NATIVE_UNCONFIRMED, JVM_NATIVE, JAVA -> null;
        };
    }

    /** "parked while pinned, in a sampled stack", "native code: java.io.FileInputStream.open0, in a sampled stack". */
    static String reason(Witness w) {
        List<StackFrame> stack = w.stack();
        return switch (kindOf(w)) {
            case PINNED_PARK -> "parked while pinned, in a sampled stack";
            case OBJECT_WAIT -> "Object.wait while pinned, in a sampled stack";
            case MONITOR -> "blocked on a monitor while pinned, in a sampled stack";
            case NATIVE -> "native code: " + stack.get(0).className() + "." + stack.get(0).methodName() + ", in a sampled stack";
            case NATIVE_UNCONFIRMED -> "in native code (" + stack.get(0).className() + "." + stack.get(0).methodName()
                    + "), off its CPU: nothing said whether its carrier blocked in the kernel or waited for a CPU";
            case JVM_NATIVE -> "in the JVM's own native code (" + stack.get(0).className() + "." + stack.get(0).methodName()
                    + ": loading a class, waking a thread, unmounting one): a lock or a page fault of the JVM's, not a "
                    + "system call the code asked for; the stack shows where";
            case JAVA -> "held in Java code, off its CPU: no witness could tell why (a JIT or class-loading lock, a page "
                    + "fault, a class initialiser, a downcall); the stack shows where";
        };
    }

    private enum Kind { PINNED_PARK, OBJECT_WAIT, MONITOR, NATIVE, NATIVE_UNCONFIRMED, JVM_NATIVE, JAVA }

    /**
     * Native methods that are the JVM's own work rather than a system call the code asked for: loading or linking a
     * class (blocked on the JVM's loader lock or a page fault of the module image), waking or starting a thread (the
     * JDK starts its own, the virtual threads' unparker, in a first timed park). Seen on top of held stacks beside CPU
     * hogs (BusyNativeCliTest: {@code ClassLoader.findBootstrapClass} in a task's first call; BusyRoutesUnderAgentTest:
     * {@code Unsafe.unpark}; ScenarioFactsTest on JDK 21: {@code Thread.start0} before a pinned sleep of 100 ms). And
     * unmounting itself: {@code Continuation.doYield} copies the thread's frames off its carrier (BusyRoutesUnderAgentTest
     * on JDK 21, with three core test JVMs on two cores: a socket read's park, sampled in its yield, kernel-blocked).
     */
    private static boolean jvmNative(StackFrame top) {
        String c = top.className();
        return c.equals("java.lang.ClassLoader") || c.startsWith("jdk.internal.loader.") || c.equals("java.lang.Class")
                || c.equals("java.lang.Thread")
                || c.equals("jdk.internal.misc.Unsafe") || c.startsWith("java.lang.invoke.")
                || c.equals("jdk.internal.reflect.Reflection") || c.equals("jdk.internal.vm.Continuation");
    }

    /**
     * A native call inside a JDK class's static initialiser, a few frames down: the class being initialised, as the JVM
     * links it (BusyRoutesUnderAgentTest on JDK 21: {@code sun.nio.ch.EPoll.eventSize} in {@code EPoll.<clinit>}, kernel-
     * blocked, under a socket read's first poll).
     */
    private static boolean initialisingAJdkClass(List<StackFrame> stack) {
        for (int i = 1; i < Math.min(TOP_FRAMES, stack.size()); i++) {
            StackFrame f = stack.get(i);
            String c = f.className();
            if (f.methodName().equals("<clinit>") && (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun."))) {
                return true;
            }
        }
        return false;
    }

    private static Kind kindOf(Witness w) {
        List<StackFrame> stack = w.stack();
        if (w.heldState() == Thread.State.BLOCKED) {
            return Kind.MONITOR;
        }
        for (int i = 0; i < Math.min(TOP_FRAMES, stack.size()); i++) {
            StackFrame f = stack.get(i);
            String method = f.className() + "." + f.methodName();
            if (method.equals("jdk.internal.misc.Unsafe.park") || method.equals("java.lang.VirtualThread.parkOnCarrierThread")) {
                return Kind.PINNED_PARK;
            }
            if (method.equals("java.lang.Object.wait0")) {
                return Kind.OBJECT_WAIT;
            }
        }
        if (stack.isEmpty() || stack.get(0).line() != StackFrame.NATIVE_LINE) {
            return Kind.JAVA;
        }
        if (jvmNative(stack.get(0)) || initialisingAJdkClass(stack)) {
            return Kind.JVM_NATIVE;
        }
        return w.heldKernelBlocked() ? Kind.NATIVE : Kind.NATIVE_UNCONFIRMED;
    }
}
