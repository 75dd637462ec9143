package loomscope.scenario;

import java.util.concurrent.locks.ReentrantLock;

import loomscope.workload.CancelToken;
import loomscope.workload.LockMode;
import loomscope.workload.NativeSection;
import loomscope.workload.Phase;
import loomscope.workload.RunObserver;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;

/**
 * The seed workload's task: CPU work, then the section chosen by the lock mode with the sleep inside. The seed,
 * waves, native-frame and platform-vs-virtual run it, each with its own {@link TaskShape}. Every phase is reported
 * with its time. LOCK_RELEASED is reported as the last act <em>inside</em> the section, so two holders'
 * [acquired, released] intervals can only overlap if they really held it together.
 */
final class SeedTask implements ScenarioRun {

    /** The seeds' "original bug": one monitor shared by every task. */
    private static final Object SHARED_LOCK = new Object();

    private final TaskShape shape;
    private final NativeSection nativeSection;

    private SeedTask(TaskShape shape, NativeSection nativeSection) {
        this.shape = shape;
        this.nativeSection = nativeSection;
    }

    /** @throws UnsupportedModeException if this JVM cannot enter {@code shape}'s section (native-frame on JDK 21) */
    static SeedTask of(TaskShape shape) {
        return new SeedTask(shape, checkRunnable(shape));
    }

    /** The native section {@code shape} needs, or null. @throws UnsupportedModeException saying why not */
    static NativeSection checkRunnable(TaskShape shape) {
        return shape.lockMode() == LockMode.NATIVE_FRAME ? NativeSection.load() : null;
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
        switch (shape.lockMode()) {
            case NONE -> {
                return holdAndSleep(vt, observer, cancel);
            }
            case SHARED_SYNCHRONIZED -> {
                synchronized (SHARED_LOCK) {
                    return holdAndSleep(vt, observer, cancel);
                }
            }
            case SYNCHRONIZED -> {
                Object lock = new Object();
                synchronized (lock) {
                    return holdAndSleep(vt, observer, cancel);
                }
            }
            case REENTRANT_LOCK -> {
                ReentrantLock lock = new ReentrantLock();
                lock.lock();
                try {
                    return holdAndSleep(vt, observer, cancel);
                } finally {
                    lock.unlock();
                }
            }
            case NATIVE_FRAME -> {
                boolean[] slept = new boolean[1];
                nativeSection.callThroughNativeFrame(() -> slept[0] = holdAndSleep(vt, observer, cancel));
                return slept[0];
            }
            default -> throw new IllegalStateException("no section for " + shape.lockMode());
        }
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
