package loomscope.recording;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

import loomscope.workload.Phase;

/**
 * Every task's phase times in one flat {@code long[]} (9 per task, -1 = not reached), relative to the
 * recording's origin. Each task writes only its own slots; readers on other threads (the FX pulse) use
 * acquire reads so a value is either absent or whole.
 */
final class PhaseTable {
    static final long UNSET = -1;
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] times;
    private final int tasks;

    PhaseTable(int tasks) {
        this.tasks = tasks;
        this.times = new long[tasks * Phase.COUNT];
        Arrays.fill(times, UNSET);
    }

    int tasks() { return tasks; }

    void set(int task, Phase phase, long time) {
        SLOT.setRelease(times, task * Phase.COUNT + phase.ordinal(), time);
    }

    long get(int task, Phase phase) {
        return (long) SLOT.getAcquire(times, task * Phase.COUNT + phase.ordinal());
    }

    long bytes() { return (long) times.length * Long.BYTES; }
}
