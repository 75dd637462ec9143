package loomscope.workload;

/**
 * One run's state of a scenario with its own task. {@link #run} is called on each task's own (virtual or
 * platform) thread, between the STARTED and DONE phases that {@link TaskFrame} reports.
 */
public interface ScenarioRun extends AutoCloseable {

    /**
     * Task {@code vt}'s work; reports its own phases between STARTED and DONE if it has any.
     *
     * @return whether it did all its work (false when cancelled)
     * @throws InterruptedException when a cancel interrupts it
     */
    boolean run(int vt, RunObserver observer, CancelToken cancel) throws Exception;

    /** The run is being stopped: wake whatever waits on something only other tasks would signal. */
    default void cancelled() { }

    /** Called once after every task has ended: remove temporary files and the like. */
    @Override
    default void close() { }
}
