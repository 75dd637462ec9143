package loomscope.workload;

/**
 * Runs a body with a native frame below it on the stack: a downcall into C that calls back into Java.
 * A virtual thread that blocks in the body cannot unmount on any JDK. The implementation uses the FFM API
 * (final in JDK 22), so it lives in {@code loomscope.workload.jdk22} and is loaded by name only when the
 * native-frame mode is chosen: the rest of the workload still loads on JDK 21.
 */
public interface NativeSection {

    /** Calls {@code body} from inside a native frame. {@code body} must not throw. */
    void callThroughNativeFrame(Runnable body);

    String IMPLEMENTATION = "loomscope.workload.jdk22.QsortUpcallSection";

    /** Loads the FFM implementation, or explains why this JVM cannot. */
    static NativeSection load() {
        int feature = Runtime.version().feature();
        if (feature < LockMode.NATIVE_FRAME.minimumJdk()) {
            throw new UnsupportedModeException("native-frame needs JDK 22+ (the FFM API); this JVM is "
                    + Runtime.version() + ". Use synchronized, shared-synchronized, reentrant-lock or none.");
        }
        try {
            return (NativeSection) Class.forName(IMPLEMENTATION).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new UnsupportedModeException("native-frame is unavailable in this JVM: " + e);
        }
    }
}
