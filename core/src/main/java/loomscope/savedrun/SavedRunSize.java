package loomscope.savedrun;

/**
 * How big a written {@code .loomrun} is, and what took the room.
 *
 * @param bytes       the whole file
 * @param phaseBytes  every thread's phase times
 * @param mountBytes  every carrier's mounts (with the carriers' names)
 * @param eventBytes  the JFR pinned events with their string and stack tables
 * @param mounts      how many mounts that is
 */
public record SavedRunSize(long bytes, long phaseBytes, long mountBytes, long eventBytes, long mounts) {

    /** The whole file over the mounts: what a run costs on disk per mount, header, phases and events included. */
    public double bytesPerMount() {
        return mounts == 0 ? 0 : (double) bytes / mounts;
    }

    /** The mounts' own part over the mounts: the format's promise is at most 32 (docs/saved-runs.md). */
    public double mountPartBytesPerMount() {
        return mounts == 0 ? 0 : (double) mountBytes / mounts;
    }
}
