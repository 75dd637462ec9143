package loomscope.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import loomscope.workload.LockMode;
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

    /** The class of your code a run of it calls; null (the default): LoomScope's own task ran. */
    default String yourCodeClass(ScenarioParams params) { return null; }

    /**
     * Whether it runs your code (a task file's class, compiled here): such a run goes to a child JVM with your
     * source as it is, reports the tasks that threw and what they printed, and has no parameters to type.
     */
    default boolean runsYourCode() { return false; }

    /**
     * Its parameters for a run of your class {@code className}, compiled into {@code classes} ("" before it is);
     * empty (the default) for a scenario that runs no code of yours.
     */
    default Map<String, String> yourCodeParams(String className, String classes) { return Map.of(); }

    /**
     * Its parameters a person types (the window's inputs): all of them unless it says less. Your code's are given by
     * its source and its build, not typed.
     */
    default List<ScenarioParam> typedParams() { return params(); }

    /**
     * The sizes the window's sweep runs it at, from its write-up (the seed's own thread counts), or null (the
     * default): the window offers no sweep of it.
     */
    default Sweep sweep() { return null; }

    /**
     * A sweep's x axis: what it counts ("K threads") and its sizes, in the order they run; each size runs on
     * virtual and on platform threads.
     */
    record Sweep(String xLabel, List<Integer> sizes) {
        public Sweep {
            sizes = List.copyOf(sizes);
        }
    }

    /**
     * The write-up's own table as {@code bench --scenario} runs it, each row a run of it with {@code params} as its
     * base; null (the default) where the write-up published none.
     */
    default PublishedTable publishedTable(ScenarioParams params) { return null; }

    /** What one of its tasks does, in the recording's terms; {@link TaskShape#UNSTATED} unless it says. */
    default TaskShape shape(ScenarioParams params) { return TaskShape.UNSTATED; }

    /**
     * The name of its starter task file ({@code taskfile.StarterSnippets}: a task file doing what its threads do), its
     * own name unless its task is another's: a scenario built on the seed's task starts from the seed's.
     */
    default String starterName() { return name(); }

    /** What a card, a file name or a chart label calls a run of it: its name unless it says more. */
    default String label(ScenarioParams params) { return name(); }

    /**
     * What a history row calls a run of it: its name, or more where the name alone says too little; null where
     * the run's summary names it already (the seed's lock mode, which the row shows anyway).
     */
    default String runName(ScenarioParams params) { return name(); }

    /** What a message calls a run of it, in a few words: its name and its parameters unless it says less. */
    default String briefText(ScenarioParams params) {
        String text = params.paramsText();
        return text.isEmpty() ? name() : name() + " " + text;
    }

    /**
     * What a caption (the presenter's header) names of a run before its P and N, item by item: its name, then each
     * parameter as "name value".
     */
    default List<String> captionItems(ScenarioParams params) {
        List<String> items = new ArrayList<>();
        items.add(name());
        params.values().forEach((k, v) -> items.add(k + " " + v));
        return List.copyOf(items);
    }

    /**
     * The console lines of the write-up it reproduces, where {@code run} prints them word for word in place of its
     * own; null (the default): LoomScope's own lines, which name the scenario.
     */
    default ConsoleWords consoleWords(ScenarioParams params) { return null; }

    /**
     * The write-up's lines as {@code run} prints them.
     *
     * @param tasksLine     before the run: what every task does
     * @param resultSubject after it, what the result line begins with ("Lock synchronized")
     */
    record ConsoleWords(String tasksLine, String resultSubject) { }

    /**
     * Whether {@code run} checks the carriers' clocks against its own phases on every mount and prints the
     * agreement; false: it counts the mounts the clocks could not judge instead.
     */
    default boolean crossChecksPhases() { return false; }

    /**
     * Its parameters that the CLI also takes as options of their own ({@code --lock} for {@code --param lock=});
     * any other scenario refuses those options.
     */
    default Set<String> paramsWithOwnOption() { return Set.of(); }

    /**
     * Its parameters as a saved run's three task fields give them ({@code config.cpuIterations},
     * {@code sleepMillis}, {@code lockMode}, which every file has), where those fields are the whole of them: a
     * saved run of it then stores no {@code params}, as the files written before scenarios did. Null (the default):
     * the fields say too little, and its parameters are saved as they are.
     */
    default Map<String, String> paramsOfTaskFields(int cpuIterations, int sleepMillis, LockMode lockMode) {
        return null;
    }

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
