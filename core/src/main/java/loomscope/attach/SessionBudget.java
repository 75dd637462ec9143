package loomscope.attach;

/**
 * What one attach session, or one saved run read from the agent's file, may take of LoomScope's heap: a fixed size
 * that fits a session's real needs, not a share of whatever heap this JVM got (half of a default heap let a hostile
 * stream or file take 2 GB, and 6 GB in fact, before it was refused). {@value #BYTES} bytes hold the ten million
 * episodes a session keeps ({@link EpisodeColumns#MAX_KEPT}, three quarters of the budget at most) and, beside them,
 * about 900,000 threads with names of 20 characters, or the JFR events of an hour of a busy server; past it the
 * reading ends in one line with what came kept. A heap smaller than twice the budget gives half of itself instead,
 * so that LoomScope itself never runs out.
 */
final class SessionBudget {
    static final long BYTES = 1L << 30;
    /**
     * Of it, what the distinct stacks of pinned events and witnesses may take: about 3,500 stacks of 24 frames, where a
     * session's share is a few hundred; a hostile file of distinct deep stacks is refused after 32 MB of them
     * (measured: 39 s for a 1 GB one without this bound, past the whole budget; 15.6 s with 128 MB here, a quarter of
     * the parsing with 32 MB: docs/attach.md, "Security").
     */
    static final long STACK_BYTES = 32L << 20;

    private SessionBudget() { }

    /** The budget in this JVM: {@link #BYTES}, or half the heap where that is less. */
    static long bytes() {
        return Math.min(BYTES, Runtime.getRuntime().maxMemory() / 2);
    }
}
