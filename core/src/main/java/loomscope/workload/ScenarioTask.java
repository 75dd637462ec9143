package loomscope.workload;

/** One thread of a scenario with its own task: STARTED, the scenario's work, DONE, as the seed's Task does. */
final class ScenarioTask implements Runnable {
    private final int vt;
    private final ScenarioRun scenarioRun;
    private final RunObserver observer;
    private final CancelToken cancel;
    private final Task.DoneListener onDone;
    private final java.util.function.Consumer<Throwable> onFailure;

    ScenarioTask(int vt, ScenarioRun scenarioRun, RunObserver observer, CancelToken cancel, Task.DoneListener onDone,
                 java.util.function.Consumer<Throwable> onFailure) {
        this.vt = vt;
        this.onFailure = onFailure;
        this.scenarioRun = scenarioRun;
        this.observer = observer;
        this.cancel = cancel;
        this.onDone = onDone;
    }

    @Override
    public void run() {
        observer.phase(vt, Phase.STARTED, System.nanoTime());
        boolean completed = false;
        try {
            completed = !cancel.isCancelled() && scenarioRun.run(vt, observer, cancel) && !cancel.isCancelled();
        } catch (InterruptedException e) {
            // cancelled: the run interrupts blocked tasks so that stop takes effect at once
        } catch (Exception | Error e) {
            // a scenario's task should not throw (a file that cannot be read, a class that will not load):
            // the run fails with the reason rather than completing with a hole in it
            if (!cancel.isCancelled()) {
                onFailure.accept(e);   // after a cancel an interrupted read or load is the cancel, not a failure
            }
        } finally {
            observer.phase(vt, Phase.DONE, System.nanoTime());
            onDone.taskDone(completed);
        }
    }
}
