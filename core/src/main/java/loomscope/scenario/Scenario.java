package loomscope.scenario;

import java.util.List;

import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.UnsupportedModeException;
import loomscope.workload.WorkloadConfig;

/**
 * A workload LoomScope can run and record: its task code, its parameters with defaults and bounds, and the
 * write-up it comes from with that write-up's published figures. The seed experiment (per-task lock, five lock
 * modes) is one of them, with no privilege. Every scenario runs on the same carriers and reports at least
 * {@code Phase.STARTED} and {@code Phase.DONE} per thread (in {@code workload.TaskFrame}); the lock and sleep phases only
 * where the task really has them.
 * <p>
 * {@code threads}, {@code parallelism}, the scheduler and the thread kind are every scenario's; the rest are
 * its own {@link #params()}. What else LoomScope needs it says about itself, with defaults that ask nothing of a
 * new one: its task ({@link #prepare}), the shape of that task ({@link #shape}: what the bounds and the formats
 * read) and its label on a card ({@link #label}).
 */
public sealed interface Scenario permits SeedScenario, ObjectWaitScenario, ClassInitScenario, FileIoScenario,
        WavesScenario, PlatformVsVirtualScenario, NativeFrameScenario, CartServiceScenario, ProducerConsumerScenario, ClassLoaderScenario,
        TaskFileScenario {

    /** As the CLI names it: {@code waves}. */
    String name();

    /** One line: what a run of it shows. */
    String shows();

    ScenarioSource source();

    /** Its own knobs, in the order they are listed. */
    List<ScenarioParam> params();

    int defaultThreads();

    int defaultParallelism();

    /** The fewest threads that make sense (producer-consumer needs a producer and a consumer). */
    default int minimumThreads() { return 1; }

    /** The lowest JDK feature release it runs on. */
    default int minimumJdk() { return 21; }

    /**
     * Whether its carriers are of the JDK's own carrier class, so that the JDK compensates for a blocked carrier by
     * adding one, as on its default scheduler (see CarrierPool): the scenarios about compensation.
     */
    default boolean onJdkCarriers() { return false; }

    /** What one of its tasks does, in the recording's terms; {@link TaskShape#UNSTATED} unless it says. */
    default TaskShape shape(ScenarioParams params) { return TaskShape.UNSTATED; }

    /** What a card, a file name or a chart label calls a run of it: its name unless it says more. */
    default String label(ScenarioParams params) { return name(); }

    /** What a history row calls a run of it: its name, or more where the name alone says too little. */
    default String runName(ScenarioParams params) { return name(); }

    /** Its parameters as a log line or a card names them; a scenario may leave out what only a machine needs. */
    default String paramsText(ScenarioParams params) { return params.text(); }

    /**
     * Refuses a run this JVM cannot do, before anything starts.
     *
     * @throws UnsupportedModeException saying why not and what would work
     */
    default void checkRunnable(ScenarioParams params) {
        if (Runtime.version().feature() < minimumJdk()) {
            throw new UnsupportedModeException(name() + " needs JDK " + minimumJdk() + "+; this JVM is "
                    + Runtime.version());
        }
    }

    /**
     * The per-run state of its task (a buffer, a temporary file, a fresh class loader, or just its parameters),
     * made before the clock starts.
     *
     * @throws UnsupportedModeException if this JVM or host cannot run it
     */
    ScenarioRun prepare(WorkloadConfig config);

    /**
     * What a finished run of it reports in the seed's own unit (tasks/s, ops/s), or null where the seed reports
     * only a time. {@code wallMillis}: the run's wall time.
     */
    default Rate rate(ScenarioParams params, int threads, double wallMillis) { return null; }

    /** A throughput as the seed states it: {@code perSecond} of {@code unit} ("tasks/s"). */
    record Rate(double perSecond, String unit) { }

    /**
     * Where a scenario comes from: the write-up and its author, and its published figures quoted as text (with
     * the seed's own machine where it says so). Our figures never go here: they come from runs.
     */
    record ScenarioSource(String author, String title, String figures) { }
}
