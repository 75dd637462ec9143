package loomscope.savedrun;

import java.util.Locale;

/**
 * What reading one file may allocate: half of this JVM's heap. A count the bytes left could hold may still
 * need more memory than that once read (a mount is 4 bytes on disk and 37 in memory, a frame 5 and ~40), so
 * each part takes its share before it is read, and a file that would not fit is refused in one line instead of
 * ending in an OutOfMemoryError halfway.
 */
final class MemoryBudget {
    /** A mount in memory ({@code CarrierLog}: an int thread, three long times, a pinned byte, an int). */
    static final long MOUNT = 37;
    /** A {@code PinnedEvent} and its slot in the list. */
    static final long EVENT = 64;
    /** A {@code StackFrame} and its slot in its stack. */
    static final long FRAME = 40;
    /** A {@code String} and its array, besides the bytes it holds. */
    static final long STRING = 56;
    /** A thread's phase times and marks in {@code RunRecording}. */
    static final long THREAD = 100;

    private final long limit;
    private long taken;

    MemoryBudget(long limit) {
        this.limit = limit;
    }

    static MemoryBudget ofThisJvm() {
        return new MemoryBudget(Runtime.getRuntime().maxMemory() / 2);
    }

    /** Takes {@code count} things of {@code bytesEach}, or refuses naming {@code what}. */
    void take(String what, long count, long bytesEach) throws SavedRunFormatException {
        taken += count * bytesEach;
        if (taken > limit) {
            throw new SavedRunFormatException(String.format(Locale.ROOT,
                    "its %s (%,d) need more memory than this JVM can give a saved run (%,d MB)", what, count, limit >> 20));
        }
    }
}
