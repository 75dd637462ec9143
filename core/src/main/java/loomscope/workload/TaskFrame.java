package loomscope.workload;

import java.util.function.Consumer;

/**
 * The frame every task of a run runs in, the seed's and every scenario's: STARTED, the task's work, DONE, then the
 * run is told whether the task completed. A throw from the work fails the run with its reason (a file that cannot be
 * read, a class that will not load) rather than completing it with a hole in it.
 */
final class TaskFrame implements Runnable {

    /** A task's work between STARTED and DONE, on the task's own thread. */
    @FunctionalInterface
    interface Work {
        /**
         * @return whether it did all its work (false when cancelled)
         * @throws InterruptedException when a cancel interrupts it
         */
        boolean run() throws Exception;
    }

    /** Told once per task, from the task's own thread, as its last act. */
    interface DoneListener {
        void taskDone(boolean completed);
    }

    private final int vt;
    private final Work work;
    private final RunObserver observer;
    private final CancelToken cancel;
    private final DoneListener onDone;
    private final Consumer<Throwable> onFailure;

    TaskFrame(int vt, Work work, RunObserver observer, CancelToken cancel, DoneListener onDone,
              Consumer<Throwable> onFailure) {
        this.vt = vt;
        this.work = work;
        this.observer = observer;
        this.cancel = cancel;
        this.onDone = onDone;
        this.onFailure = onFailure;
    }

    @Override
    public void run() {
        observer.phase(vt, Phase.STARTED, System.nanoTime());
        boolean completed = false;
        try {
            completed = !cancel.isCancelled() && work.run();
        } catch (InterruptedException e) {
            // cancelled: the run interrupts blocked tasks so that stop takes effect at once
        } catch (Exception | Error e) {
            if (!cancel.isCancelled()) {
                onFailure.accept(e);   // after a cancel an interrupted read or load is the cancel, not a failure
            }
        } finally {
            observer.phase(vt, Phase.DONE, System.nanoTime());
            onDone.taskDone(completed);
        }
    }
}
