package loomscope.scenario;

import java.util.List;

import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import loomscope.workload.RunLimits;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.WorkloadConfig;

/**
 * Each thread enters {@code synchronized} on its own monitor and calls {@code wait(W)}: JDK 21 cannot unmount
 * a virtual thread in Object.wait; it holds the carrier and the pool adds another (compensation), as the JDK's
 * default scheduler does (our carriers are of its carrier class when the JVM allows it, see CarrierPool).
 * Measured, 8 x 100 ms at P=1 on JDK 21: 161 ms on the default scheduler, 128-219 ms on our pool with 8 carriers
 * added; 827 ms on plain carriers, which the JDK does not compensate for. JDK 24+ unmounts.
 * The wait is reported as the sleep phases (it is the task's timed block), inside the lock phases.
 */
public record ObjectWaitScenario() implements Scenario {

    static final String WAIT = "wait-ms";

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Int(WAIT, 100, 1, RunLimits.MAX_SLEEP_MILLIS, "lock.wait(W) inside synchronized, ms"));

    /** What the JDK does with a carrier held in it is the point: compensation, as on its own scheduler. */
    @Override public boolean onJdkCarriers() { return true; }

    @Override public String name() { return "object-wait"; }

    @Override
    public String shows() {
        return "lock.wait(W) inside synchronized: JDK 21 holds the carrier and the pool adds one (compensation), JDK 24+ unmounts";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("LoomScope (no seed times it; the seeds' producer-consumer waits this way)",
                "Object.wait in a virtual thread, measured on these machines (JDK-FACTS.md, 2026-11-23)",
                "P=1, 8 threads, 100 ms: JDK 21.0.8 158 ms (default scheduler compensates with extra carriers); JDK 25.0.3 139 ms");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    @Override public int defaultThreads() { return 8; }

    @Override public int defaultParallelism() { return 1; }

    /** One thread per wait: pinned, N*W/P; unmounted (or compensated), W. */
    @Override
    public TaskShape shape(ScenarioParams p) {
        return TaskShape.block(p.intValue(WAIT), LockMode.SYNCHRONIZED);
    }

    @Override
    public ScenarioRun prepare(WorkloadConfig config) {
        long waitNanos = config.scenario().intValue(WAIT) * 1_000_000L;
        return (vt, observer, cancel) -> {
            Object lock = new Object();
            observer.phase(vt, Phase.LOCK_REQUESTED, System.nanoTime());
            synchronized (lock) {
                observer.phase(vt, Phase.LOCK_ACQUIRED, System.nanoTime());
                long start = System.nanoTime();
                observer.phase(vt, Phase.SLEEP_START, start);
                // nobody notifies: only a spurious wake-up returns early, and then the thread waits out the rest
                for (long left = waitNanos; left > 0; left = waitNanos - (System.nanoTime() - start)) {
                    lock.wait((left + 999_999) / 1_000_000L);
                }
                observer.phase(vt, Phase.SLEEP_END, System.nanoTime());
                observer.phase(vt, Phase.LOCK_RELEASED, System.nanoTime());
            }
            return true;
        };
    }
}
