package loomscope.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Lowers the JIT's compiler threads to nice 19 once the window's warm-up runs are done (during its settle, while
 * the window is idle), on Linux.
 * <p>
 * Why: after the warm-up the JIT still compiled ~0.4 s of CPU per second of run (JFR's {@code jdk.Compilation}
 * over three {@code synchronized} P = 16 runs: CSS state changes, JFR's parser on each run's new recording, the
 * recording's end-of-run indexes), single compilations of up to 170 ms. At nice 0 the compiler thread holds one
 * of two cores for that long beside the FX thread; sampled every 4 ms, a compiler thread was running in nearly
 * every late frame. Lowered after the warm-up, 48 of 48 such runs kept their frame p95 at or under 20 ms (max
 * 18.9 ms), against 44 of 48 in windows that kept it at nice 0 (README, "The window and the CPU").
 * <p>
 * Nice 19 only matters while every core is wanted: then the JIT's remaining work waits for the window and the
 * workload, and on an idle core it runs as before. It is for good: without privileges a thread's nice value can
 * only go up. New compiler threads are started by compiler threads (HotSpot adds them on demand), so they
 * inherit it.
 */
public final class JitPriority {
    private static final int NICE = 19;
    /** HotSpot's "C1 CompilerThread0", "C2 CompilerThread1" (Linux keeps 15 characters of a thread's name). */
    static final Predicate<String> COMPILER_THREAD = name -> name.startsWith("C1 Compiler") || name.startsWith("C2 Compiler");

    private JitPriority() { }

    /** Lowers the compiler threads of this JVM; how many were lowered (0 where not Linux, or without the call). */
    public static int lowerCompilerThreads() {
        return lowerThreadsNamed(COMPILER_THREAD, NICE);
    }

    /** Sets {@code nice} on every thread of this process whose OS name {@code named} accepts; how many it set. */
    static int lowerThreadsNamed(Predicate<String> named, int nice) {
        Optional<LinuxThreads> linux = LinuxThreads.available();
        if (linux.isEmpty()) {
            return 0;
        }
        int lowered = 0;
        for (Path task : tasks()) {
            if (named.test(osName(task)) && linux.get().niceThread(Integer.parseInt(task.getFileName().toString()), nice)) {
                lowered++;
            }
        }
        return lowered;
    }

    /** This process's threads, as {@code /proc/self/task/<tid>}; none where there is no such folder. */
    static List<Path> tasks() {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.toList();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** A thread's OS name ({@code comm}); "" if it has ended meanwhile. */
    static String osName(Path task) {
        try {
            return Files.readString(task.resolve("comm")).strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
