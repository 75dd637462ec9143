package loomscope.host;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Locale;
import java.util.Optional;

/**
 * libc's {@code setpriority} for one thread. On Linux the nice value belongs to a thread, not to the process
 * (setpriority(2), "BUGS"), so a carrier can lower its own priority without touching the window's threads, and a
 * thread of this process can be named by its id (its {@code /proc/self/task} entry).
 */
final class LinuxThreads {
    private static final int PRIO_PROCESS = 0;
    private static final int CALLING_THREAD = 0;

    private final MethodHandle setPriority;

    private LinuxThreads(Linker linker) {
        setPriority = linker.downcallHandle(linker.defaultLookup().find("setpriority").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    }

    static boolean isLinux() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
    }

    /** Looked up once, for the carriers and the JIT's threads alike. */
    private static final Optional<LinuxThreads> AVAILABLE = load();

    /** The call on Linux; empty elsewhere, or if libc or native access is missing (threads then keep their nice). */
    static Optional<LinuxThreads> available() {
        return AVAILABLE;
    }

    private static Optional<LinuxThreads> load() {
        if (!isLinux()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new LinuxThreads(Linker.nativeLinker()));
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** Sets the calling thread's nice value; without privileges it can only go up (lower priority). */
    boolean niceCallingThread(int nice) {
        return niceThread(CALLING_THREAD, nice);
    }

    /** Sets the nice value of the thread with id {@code tid} (0: the calling thread). */
    boolean niceThread(int tid, int nice) {
        try {
            return (int) setPriority.invokeExact(PRIO_PROCESS, tid, nice) == 0;
        } catch (Throwable e) {
            return false;
        }
    }
}
