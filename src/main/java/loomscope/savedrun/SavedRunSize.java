package loomscope.savedrun;

/**
 * How big a written {@code .loomrun} is, and what took the room.
 *
 * @param bytes       the whole file
 * @param phaseBytes  every thread's phase times
 * @param mountBytes  every carrier's mounts (with the carriers' names)
 * @param mounts      how many mounts that is
 */
public record SavedRunSize(long bytes, long phaseBytes, long mountBytes, long mounts) {

    /** The format's promise is at most 32 (docs/saved-runs.md). */
    public double bytesPerMount() {
        return mounts == 0 ? 0 : (double) mountBytes / mounts;
    }
}
