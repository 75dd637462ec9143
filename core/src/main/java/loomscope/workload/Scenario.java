package loomscope.workload;

import java.util.List;

/**
 * A workload LoomScope can run and record: its task code, its parameters with defaults and bounds, and the
 * write-up it comes from with that write-up's published figures. The seed experiment (per-task lock, five lock
 * modes) is one of them. Every scenario runs on the same carriers and reports at least {@link Phase#STARTED}
 * and {@link Phase#DONE} per thread; the seed's lock and sleep phases only where the task really has them.
 * <p>
 * {@code threads}, {@code parallelism}, the scheduler and the thread kind are every scenario's; the rest are
 * its own {@link #params()}. A scenario also says which seed fields of {@link WorkloadConfig} stand for it
 * ({@link #seedFields}), so that the bounds and labels that read a config still mean something.
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

    /** The config's cpu, sleep and lock fields for these parameters (for the seed task, what it runs). */
    default SeedFields seedFields(ScenarioParams params) { return new SeedFields(0, 0, LockMode.NONE); }

    /** Whether each thread runs the seed's {@code Task} as the seed fields describe (then no {@link #prepare}). */
    default boolean runsSeedTask() { return false; }

    /**
     * Whether its carriers are of the JDK's own carrier class, so that the JDK compensates for a blocked carrier by
     * adding one, as on its default scheduler (see CarrierPool): the scenarios about compensation.
     */
    default boolean onJdkCarriers() { return false; }

    /** Whether the seed's bounds (N*(sleep+cpu)/P pinned, N*cpu/P+sleep unpinned) describe this workload. */
    default boolean hasSeedBounds() { return runsSeedTask(); }

    /** What a history row calls a run of it: its name, or more where the name alone says too little. */
    default String runName(ScenarioParams params) { return name(); }

    /** Its parameters as a log line or a card names them; a scenario may leave out what only a machine needs. */
    default String paramsText(ScenarioParams params) { return params.text(); }

    /**
     * The per-run state of a scenario with its own task (a buffer, a temporary file, a fresh class loader),
     * made before the clock starts.
     *
     * @throws UnsupportedModeException if this JVM or host cannot run it
     */
    default ScenarioRun prepare(WorkloadConfig config) {
        throw new IllegalStateException(name() + " runs the seed task");
    }

    /**
     * What a finished run of it reports in the seed's own unit (tasks/s, ops/s), or null where the seed reports
     * only a time. {@code wallMillis}: the run's wall time.
     */
    default Rate rate(ScenarioParams params, int threads, double wallMillis) { return null; }

    /** A throughput as the seed states it: {@code perSecond} of {@code unit} ("tasks/s"). */
    record Rate(double perSecond, String unit) { }

    /** The seed fields a scenario sets in {@link WorkloadConfig}. */
    record SeedFields(int cpuIterations, int sleepMillis, LockMode lockMode) { }

    /**
     * Where a scenario comes from: the write-up and its author, and its published figures quoted as text (with
     * the seed's own machine where it says so). Our figures never go here: they come from runs.
     */
    record ScenarioSource(String author, String title, String figures) { }
}
