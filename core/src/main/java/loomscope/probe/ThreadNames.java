package loomscope.probe;

/** Reads our lane and task numbers back out of the thread names the workload gives (see CarrierPool, WorkloadRun). */
public final class ThreadNames {
    public static final String VIRTUAL_PREFIX = "loomscope-vt-";
    public static final String PLATFORM_TASK_PREFIX = "loomscope-task-";
    public static final String CARRIER_PREFIX = "loomscope-carrier-";

    private ThreadNames() { }

    /** The task index of a workload thread ("loomscope-vt-17" → 17), or -1 for any other name. */
    public static int taskIndexOf(String threadName) {
        int i = numberAfter(threadName, VIRTUAL_PREFIX);
        return i >= 0 ? i : numberAfter(threadName, PLATFORM_TASK_PREFIX);
    }

    /** The lane of a carrier ("loomscope-carrier-1" → 1), or -1 for any other name (or null). */
    public static int carrierIndexOf(String threadName) {
        return numberAfter(threadName, CARRIER_PREFIX);
    }

    private static int numberAfter(String name, String prefix) {
        if (name == null || !name.startsWith(prefix) || name.length() == prefix.length()
                || name.length() - prefix.length() > 9) {
            return -1;
        }
        int n = 0;
        for (int i = prefix.length(); i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
