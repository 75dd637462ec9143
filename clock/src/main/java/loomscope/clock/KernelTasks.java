package loomscope.clock;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Which kernel task (Linux's thread id) each carrier is, as the carrier told it once: its {@link CarrierClock} is made
 * on it and reads the id from the {@code /proc/thread-self/status} it opens anyway. The held-stack sampler, on a thread
 * of its own, looks a carrier up here to ask the kernel whether it waited for a CPU or blocked
 * ({@link CarrierSchedule}). Nothing is registered where the clocks read no {@code /proc} (not Linux,
 * {@link ProcFiles#SWITCH} off, a JDK 21 carrier whose reads cannot be guarded). Weak: a carrier that ended is let go.
 */
final class KernelTasks {
    /** A carrier's clock is made once per carrier; the sampler looks up once per carrier slot it watches. */
    private static final Map<Thread, Integer> TASKS = Collections.synchronizedMap(new WeakHashMap<>());

    private KernelTasks() { }

    static void register(Thread thread, long taskId) {
        if (taskId > 0 && taskId <= Integer.MAX_VALUE) {
            TASKS.put(thread, (int) taskId);
        }
    }

    static void unregister(Thread thread, long taskId) {
        TASKS.remove(thread, (int) taskId);
    }

    /** The thread's kernel task id, or -1 where it never told it. */
    static int taskOf(Thread thread) {
        Integer id = thread == null ? null : TASKS.get(thread);
        return id == null ? -1 : id;
    }
}
