package loomscope.workload;

import java.util.function.Consumer;

/**
 * The frame every task of a run runs in, whatever its scenario: STARTED, the task's work, DONE, then the
 * run is told whether the task completed. A throw from the work fails the run with its reason (a file that cannot be
 * read, a class that will not load) rather than completing it with a hole in it.
 */
final class TaskFrame implements Runnable {

    /** Told once per task, from the task's own thread, as its last act. */
    interface DoneListener {
        void taskDone(boolean completed);
    }

    private final int vt;
    private final ScenarioRun work;
    private final RunObserver observer;
    private final CancelToken cancel;
    private final DoneListener onDone;
    private final Consumer<Throwable> onFailure;

    TaskFrame(int vt, ScenarioRun work, RunObserver observer, CancelToken cancel, DoneListener onDone,
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
            // a task that returns after a stop did not complete: its scenario may not have seen the stop
            completed = !cancel.isCancelled() && work.run(vt, observer, cancel) && !cancel.isCancelled();
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
