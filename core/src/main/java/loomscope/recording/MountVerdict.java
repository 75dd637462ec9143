package loomscope.recording;

/** What the carriers' clocks say of one mount ({@link PinnedRule#verdict}). */
public enum MountVerdict {
    NOT_PINNED,
    PINNED,
    /** Blocked at least the floor or not: the clocks cannot tell (see {@link loomscope.clock.BlockedTime}). */
    UNSURE,
    /** This JVM has no thread CPU clock. */
    UNMEASURED
}
