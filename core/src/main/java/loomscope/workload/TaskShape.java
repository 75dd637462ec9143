package loomscope.workload;

/**
 * What one task of a scenario does, as a scenario states it about itself, in the terms the recording's phases
 * use: {@code cpuIterations} of CPU work, then one timed block of {@code sleepMillis} (a sleep, a wait, a slow
 * load) inside the section {@code lockMode} names. The recording, the bounds and the saved-run and JSON formats
 * read it; a scenario that says nothing has {@link #UNSTATED}.
 *
 * @param boundsApply  whether a pinned run cannot beat N*(sleep+cpu)/P and an unpinned one N*cpu/P + sleep
 * @param phasesDecide whether its task reports every place it can block with phases, so that they decide what is
 *                     drawn pinned (the carriers' clocks are then their cross-check)
 */
public record TaskShape(int cpuIterations, int sleepMillis, LockMode lockMode, boolean boundsApply,
                        boolean phasesDecide) {

    /** A task LoomScope knows nothing of: no CPU count, no block, no bounds; the carriers' clocks decide. */
    public static final TaskShape UNSTATED = new TaskShape(0, 0, LockMode.NONE, false, false);

    public TaskShape {
        if (cpuIterations < 0 || sleepMillis < 0 || lockMode == null) {
            throw new IllegalArgumentException("a task shape of " + cpuIterations + " iterations, " + sleepMillis
                    + " ms, " + lockMode);
        }
    }

    /** One timed block of {@code sleepMillis} in {@code lockMode}'s section and no CPU work; the bounds hold. */
    public static TaskShape block(int sleepMillis, LockMode lockMode) {
        return new TaskShape(0, sleepMillis, lockMode, true, false);
    }
}
