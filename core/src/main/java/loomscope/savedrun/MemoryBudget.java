package loomscope.savedrun;

import java.util.Locale;

/**
 * What reading one file may allocate: a fixed {@value #BYTES} bytes (half this JVM's heap where that is less), not a
 * share of whatever heap the JVM got (half of a default heap let a hostile file take gigabytes before it was refused).
 * It holds ten million mounts (370 MB) with their threads and an hour of a busy server's JFR events, far more than a run
 * saved by LoomScope. Every part takes at least as much memory as its bytes on disk (a mount 4 bytes there, 37 here), so
 * a file larger than the budget is refused by its size before a byte of it is read ({@link #checkSize}). A count the bytes left could hold may still
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

    /** The budget in bytes where the heap allows it (the same as an attach session's, {@code attach.SessionBudget}). */
    static final long BYTES = 1L << 30;

    static MemoryBudget ofThisJvm() {
        return new MemoryBudget(bytesOfThisJvm());
    }

    /** {@link #BYTES}, or half this JVM's heap where that is less, so that LoomScope itself never runs out. */
    static long bytesOfThisJvm() {
        return Math.min(BYTES, Runtime.getRuntime().maxMemory() / 2);
    }

    /**
     * Refuses a file of {@code size} bytes that could not fit the budget once read, before it is opened for its content
     * (a 1 GB hostile file was read whole, for its checksum, before its counts were believed: seconds of the disk).
     */
    static void checkSize(long size) throws SavedRunFormatException {
        long limit = bytesOfThisJvm();
        if (size > limit) {
            throw new SavedRunFormatException(String.format(Locale.ROOT, "it is %,d MB, more than a saved run can be: its "
                    + "content would need more memory than this JVM gives a saved run (%,d MB)", size >> 20, limit >> 20));
        }
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
