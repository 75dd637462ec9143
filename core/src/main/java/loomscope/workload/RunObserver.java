package loomscope.workload;

/**
 * What the workload reports while it runs; the recording implements it. Calls come from carriers,
 * virtual threads and the launcher concurrently, on hot paths: implementations must not block or allocate
 * much. Times are {@link System#nanoTime()} values.
 */
public interface RunObserver {

    /** The clock starts: nothing has been created yet. */
    void runStarted(long nanos);

    /** Every task has ended (or the run was cancelled and every thread is gone). */
    void runEnded(long nanos, int completed, boolean cancelled);

    /**
     * A carrier thread joined the pool; {@code index} counts from 0, indices >= parallelism were added by the pool.
     * Called on the new carrier itself, before its first mount (the window sets the carrier's priority here).
     */
    void carrierAdded(int index, String name, long nanos);

    /** Virtual thread {@code vt} was handed to the scheduler (started or unparked) and waits for a carrier. */
    void submitted(int vt, long nanos);

    /** Carrier {@code carrier} mounted {@code vt}; {@code submittedNanos} is when that mount was requested. */
    void mountStarted(int carrier, int vt, long submittedNanos, long nanos);

    /**
     * Carrier {@code carrier} unmounted {@code vt} (it parked, yielded or terminated). {@code blockedNanos} is the
     * part of the mount its carrier spent neither on a CPU nor waiting for one, measured by the carrier's own
     * clocks, or -1 where this JVM cannot measure it.
     */
    void mountEnded(int carrier, int vt, long nanos, long blockedNanos);

    /** Task {@code vt} reached {@code phase}. */
    void phase(int vt, Phase phase, long nanos);

    /**
     * Task {@code vt}'s own code threw (a task file's {@code run}): the thread ends, the run goes on.
     * {@code stack} is the exception and its frames as text, bounded.
     */
    default void taskThrew(int vt, String stack) { }

    /** What to do when a carrier starts, on that carrier (see {@link #carrierAdded}). */
    @FunctionalInterface
    interface CarrierStart {
        void carrierAdded(int index, String name, long nanos);
    }

    /** An observer that hears only carrier starts (e.g. a carrier setting its own priority). */
    static RunObserver onCarrierStart(CarrierStart action) {
        return new RunObserver() {
            @Override public void runStarted(long nanos) { }
            @Override public void runEnded(long nanos, int completed, boolean cancelled) { }
            @Override public void carrierAdded(int index, String name, long nanos) { action.carrierAdded(index, name, nanos); }
            @Override public void submitted(int vt, long nanos) { }
            @Override public void mountStarted(int carrier, int vt, long submittedNanos, long nanos) { }
            @Override public void mountEnded(int carrier, int vt, long nanos, long blockedNanos) { }
            @Override public void phase(int vt, Phase phase, long nanos) { }
        };
    }

    /** An observer that hears only the run's start, on the launcher thread (the launcher lowering itself). */
    static RunObserver onRunStart(Runnable action) {
        return new RunObserver() {
            @Override public void runStarted(long nanos) { action.run(); }
            @Override public void runEnded(long nanos, int completed, boolean cancelled) { }
            @Override public void carrierAdded(int index, String name, long nanos) { }
            @Override public void submitted(int vt, long nanos) { }
            @Override public void mountStarted(int carrier, int vt, long submittedNanos, long nanos) { }
            @Override public void mountEnded(int carrier, int vt, long nanos, long blockedNanos) { }
            @Override public void phase(int vt, Phase phase, long nanos) { }
        };
    }

    /** Hears nothing (it is also compared by identity: "no extra observer"). */
    RunObserver NONE = onCarrierStart((index, name, nanos) -> { });
}
