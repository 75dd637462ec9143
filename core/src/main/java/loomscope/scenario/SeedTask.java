package loomscope.scenario;

import loomscope.workload.CancelToken;
import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import loomscope.workload.RunLimits;
import loomscope.workload.RunObserver;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.UnsupportedModeException;

/**
 * The seed workload's task: CPU work, then the section chosen by the lock mode with the sleep inside. The seed,
 * waves, native-frame and platform-vs-virtual run it, each with its own {@link TaskShape}. Every phase is reported
 * with its time. LOCK_RELEASED is reported as the last act <em>inside</em> the section, so two holders'
 * [acquired, released] intervals can only overlap if they really held it together. The section is the mode's own
 * ({@link LockMode#hold}): a new mode changes nothing here.
 */
final class SeedTask implements ScenarioRun {

    /** The task's CPU work, as the parameter of every scenario that runs it with some (seed, native-frame, ...). */
    static final String CPU = "cpu-iterations";
    /** The task's sleep, as the parameter of every scenario that runs it. */
    static final String SLEEP = "sleep-ms";

    private final TaskShape shape;

    /** The task's CPU work as a parameter; {@code description} says where in the scenario it runs. */
    static ScenarioParam cpuParam(String description) {
        return new ScenarioParam.Int(CPU, 10_000, 0, RunLimits.MAX_CPU_ITERATIONS, description);
    }

    /** The task's sleep as a parameter; {@code description} says where the scenario sleeps. */
    static ScenarioParam sleepParam(String description) {
        return new ScenarioParam.Int(SLEEP, 5, 0, RunLimits.MAX_SLEEP_MILLIS, description);
    }

    private SeedTask(TaskShape shape) {
        this.shape = shape;
    }

    /** @throws UnsupportedModeException if this JVM cannot enter {@code shape}'s section (native-frame on JDK 21) */
    static SeedTask of(TaskShape shape) {
        checkRunnable(shape);
        return new SeedTask(shape);
    }

    /** @throws UnsupportedModeException saying why this JVM cannot enter {@code shape}'s section */
    static void checkRunnable(TaskShape shape) {
        shape.lockMode().checkRunnable();
    }

    /** The task's work, between STARTED and DONE ({@code workload.TaskFrame}): whether it slept its whole sleep. */
    @Override
    public boolean run(int vt, RunObserver observer, CancelToken cancel) {
        CpuWork.burn(shape.cpuIterations(), cancel);
        observer.phase(vt, Phase.CPU_DONE, System.nanoTime());
        if (cancel.isCancelled()) {
            return false;
        }
        return enterSection(vt, observer, cancel);
    }

    private boolean enterSection(int vt, RunObserver observer, CancelToken cancel) {
        observer.phase(vt, Phase.LOCK_REQUESTED, System.nanoTime());
        return shape.lockMode().hold(() -> holdAndSleep(vt, observer, cancel));
    }

    /** Runs inside the section; must not throw (it may be inside an upcall). Whether it slept its whole sleep. */
    private boolean holdAndSleep(int vt, RunObserver observer, CancelToken cancel) {
        observer.phase(vt, Phase.LOCK_ACQUIRED, System.nanoTime());
        observer.phase(vt, Phase.SLEEP_START, System.nanoTime());
        boolean slept = false;
        try {
            // a task that reaches its sleep after Stop skips it: its work was not done, it did not complete
            if (!cancel.isCancelled()) {
                if (shape.sleepMillis() > 0) {
                    Thread.sleep(shape.sleepMillis());
                }
                slept = true;
            }
        } catch (InterruptedException e) {
            // cancelled: the run interrupts sleepers so that stop takes effect at once
        }
        observer.phase(vt, Phase.SLEEP_END, System.nanoTime());
        observer.phase(vt, Phase.LOCK_RELEASED, System.nanoTime());
        return slept;
    }
}
