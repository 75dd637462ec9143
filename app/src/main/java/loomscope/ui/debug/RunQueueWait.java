package loomscope.ui.debug;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * How long the calling thread has been ready to run but waiting for a CPU, from Linux's
 * {@code /proc/thread-self/schedstat} (its second field, nanoseconds). Beside the frame times it tells two causes
 * of a late frame apart: our own drawing (draw p95) or the OS giving the FX thread's core to other threads (this).
 * On 2 cores next to 16 CPU-bound carriers the FX thread waits several ms per frame even though the carriers run
 * at nice 19; a plain JavaFX window waits as long (README, "The window and the CPU").
 */
public final class RunQueueWait {
    /** Returned when the figure is not available (not Linux, or a kernel without schedstat). */
    public static final long UNKNOWN = -1;
    private static final Path SCHEDSTAT = Path.of("/proc/thread-self/schedstat");

    private RunQueueWait() { }

    /** Each call reads the figure of the thread that calls it. */
    public static LongSupplier ofCallingThread() {
        if (!Files.isReadable(SCHEDSTAT)) {
            return () -> UNKNOWN;
        }
        return () -> {
            try {
                return waitedNanos(Files.readString(SCHEDSTAT));
            } catch (IOException | RuntimeException e) {
                return UNKNOWN;
            }
        };
    }

    /** schedstat is "time on the CPU, time waiting on a run queue, time slices", all on one line. */
    static long waitedNanos(String schedstat) {
        String[] fields = schedstat.trim().split("\\s+");
        return fields.length >= 2 ? Long.parseLong(fields[1]) : UNKNOWN;
    }
}
