package loomscope.workload;

import java.util.concurrent.locks.ReentrantLock;

/**
 * One task of the seed workload: CPU work, then the section chosen by the lock mode with the sleep inside.
 * Every phase is reported with its time. LOCK_RELEASED is reported as the last act <em>inside</em> the
 * section, so two holders' [acquired, released] intervals can only overlap if they really held it together.
 */
final class Task implements TaskFrame.Work {

    /** The seeds' "original bug": one monitor shared by every task. */
    private static final Object SHARED_LOCK = new Object();

    private final int vt;
    private final WorkloadConfig config;
    private final RunObserver observer;
    private final CancelToken cancel;
    private final NativeSection nativeSection;
    private boolean interrupted;

    Task(int vt, WorkloadConfig config, RunObserver observer, CancelToken cancel, NativeSection nativeSection) {
        this.vt = vt;
        this.config = config;
        this.observer = observer;
        this.cancel = cancel;
        this.nativeSection = nativeSection;
    }

    /** The task's work, between STARTED and DONE ({@link TaskFrame}): whether it slept its whole sleep. */
    @Override
    public boolean run() {
        CpuWork.burn(config.cpuIterations(), cancel);
        observer.phase(vt, Phase.CPU_DONE, System.nanoTime());
        if (cancel.isCancelled()) {
            return false;
        }
        enterSection();
        return !interrupted;
    }

    private void enterSection() {
        observer.phase(vt, Phase.LOCK_REQUESTED, System.nanoTime());
        switch (config.lockMode()) {
            case NONE -> holdAndSleep();
            case SHARED_SYNCHRONIZED -> {
                synchronized (SHARED_LOCK) {
                    holdAndSleep();
                }
            }
            case SYNCHRONIZED -> {
                Object lock = new Object();
                synchronized (lock) {
                    holdAndSleep();
                }
            }
            case REENTRANT_LOCK -> {
                ReentrantLock lock = new ReentrantLock();
                lock.lock();
                try {
                    holdAndSleep();
                } finally {
                    lock.unlock();
                }
            }
            case NATIVE_FRAME -> nativeSection.callThroughNativeFrame(this::holdAndSleep);
        }
    }

    /** Runs inside the section; must not throw (it may be inside an upcall). */
    private void holdAndSleep() {
        observer.phase(vt, Phase.LOCK_ACQUIRED, System.nanoTime());
        observer.phase(vt, Phase.SLEEP_START, System.nanoTime());
        try {
            if (cancel.isCancelled()) {
                // a task that reaches its sleep after Stop skips it: its work was not done, it did not complete
                interrupted = true;
            } else if (config.sleepMillis() > 0) {
                Thread.sleep(config.sleepMillis());
            }
        } catch (InterruptedException e) {
            interrupted = true;
            // cancelled: the run interrupts sleepers so that stop takes effect at once
        }
        observer.phase(vt, Phase.SLEEP_END, System.nanoTime());
        observer.phase(vt, Phase.LOCK_RELEASED, System.nanoTime());
    }
}
