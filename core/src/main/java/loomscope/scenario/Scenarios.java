package loomscope.scenario;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import loomscope.workload.RunLimits;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/** Every scenario, looked up by name, and the one way to build a run of one. */
public final class Scenarios {
    private Scenarios() { }

    /**
     * What runs when nothing is chosen (the CLI without {@code --scenario}, a new window, a talk track's chapter or a
     * saved run that names none): the seeds' experiment.
     */
    public static final Scenario DEFAULT = new SeedScenario();

    /** In the order {@code scenarios} lists them: the seed first, then the pinning cases, then the comparisons. */
    public static final List<Scenario> ALL = List.of(DEFAULT, new WavesScenario(), new ObjectWaitScenario(),
            new ClassInitScenario(), new ClassLoaderScenario(), new FileIoScenario(), new NativeFrameScenario(), new CartServiceScenario(),
            new ProducerConsumerScenario(), new PlatformVsVirtualScenario());

    /** The scenario of a run: {@link ScenarioParams} is the one {@code workload.ScenarioChoice}. */
    public static ScenarioParams params(WorkloadConfig config) {
        return (ScenarioParams) config.scenario();
    }

    /** Which scenario a run runs. */
    public static Scenario of(WorkloadConfig config) {
        return params(config).scenario();
    }

    public static String names() {
        return ALL.stream().map(Scenario::name).collect(Collectors.joining(", "));
    }

    /** @throws RunLimits.InvalidRunException naming {@code --scenario} and the names it takes */
    public static Scenario byName(String name) {
        if (TaskFileScenario.NAME.equalsIgnoreCase(name == null ? "" : name.strip())) {
            return new TaskFileScenario();   // not listed: it is chosen by run --task-file, with its compiled class
        }
        for (Scenario s : ALL) {
            if (s.name().equalsIgnoreCase(name == null ? "" : name.strip())) {
                return s;
            }
        }
        throw new RunLimits.InvalidRunException(List.of(new RunLimits.Problem(RunLimits.Field.SCENARIO,
                "must be one of " + names() + ", was '" + name + "'")));
    }

    /**
     * A scenario a person names ({@code --scenario}, the window's options): the listed ones only. The hidden
     * task-file scenario loads any folder of compiled classes it is given, so it is built only by
     * {@code --task-file} / "Your code", which compile the source first.
     *
     * @throws RunLimits.InvalidRunException naming {@code --scenario}
     */
    public static Scenario chosenByName(String name) {
        if (TaskFileScenario.NAME.equalsIgnoreCase(name == null ? "" : name.strip())) {
            throw new RunLimits.InvalidRunException(List.of(new RunLimits.Problem(RunLimits.Field.SCENARIO,
                    "task-file is not a scenario to choose: give your task's source with --task-file FILE.java")));
        }
        return byName(name);
    }

    /**
     * A run of {@code scenario} with {@code params} (text by name, checked), on {@code threads} threads and
     * {@code parallelism} carriers; null for either takes the scenario's default.
     *
     * @throws RunLimits.InvalidRunException naming the first refused parameter
     */
    public static WorkloadConfig config(Scenario scenario, Map<String, String> params, Integer threads,
                                        Integer parallelism, SchedulerKind scheduler, ThreadKind threadKind) {
        ScenarioParams checked = new ScenarioParams(scenario, params);
        if (threads != null && threads >= 1 && threads < scenario.minimumThreads()) {
            throw new RunLimits.InvalidRunException(List.of(new RunLimits.Problem(RunLimits.Field.THREADS,
                    "must be at least " + scenario.minimumThreads() + " for " + scenario.name() + ", was " + threads)));
        }
        return new WorkloadConfig(threads != null ? threads : scenario.defaultThreads(),
                parallelism != null ? parallelism : scenario.defaultParallelism(), scheduler, threadKind, checked);
    }
}
