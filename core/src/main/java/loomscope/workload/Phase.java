package loomscope.workload;

/**
 * The moments of one task's life, in order. For {@link LockMode#NONE} the lock phases coincide; for
 * {@link LockMode#NATIVE_FRAME} "lock" means the native section (downcall entered, upcall running).
 */
public enum Phase {
    CREATED, STARTED, CPU_DONE, LOCK_REQUESTED, LOCK_ACQUIRED, SLEEP_START, SLEEP_END, LOCK_RELEASED, DONE;

    public static final int COUNT = values().length;
    private static final Phase[] VALUES = values();

    public static Phase of(int ordinal) { return VALUES[ordinal]; }
}
