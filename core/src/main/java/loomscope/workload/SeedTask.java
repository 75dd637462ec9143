package loomscope.workload;

import java.util.concurrent.locks.ReentrantLock;

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

    /** The task's work, between STARTED and DONE ({@link TaskFrame}): whether it slept its whole sleep. */
    @Override
    public boolean run(int vt, RunObserver observer, CancelToken cancel) {
        CpuWork.burn(shape.cpuIterations(), cancel);
        observer.phase(vt, Phase.CPU_DONE, System.nanoTime());
        if (cancel.isCancelled()) {
            return false;
        }
        Section section = new Section(vt, observer, cancel);
        section.enter();
        return !section.interrupted;
    }

    /** One task's pass through the section. */
    private final class Section {
        private final int vt;
        private final RunObserver observer;
        private final CancelToken cancel;
        private boolean interrupted;

        Section(int vt, RunObserver observer, CancelToken cancel) {
            this.vt = vt;
            this.observer = observer;
            this.cancel = cancel;
        }

        void enter() {
            observer.phase(vt, Phase.LOCK_REQUESTED, System.nanoTime());
            switch (shape.lockMode()) {
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
                } else if (shape.sleepMillis() > 0) {
                    Thread.sleep(shape.sleepMillis());
                }
            } catch (InterruptedException e) {
                interrupted = true;
                // cancelled: the run interrupts sleepers so that stop takes effect at once
            }
            observer.phase(vt, Phase.SLEEP_END, System.nanoTime());
            observer.phase(vt, Phase.LOCK_RELEASED, System.nanoTime());
        }
    }
}
