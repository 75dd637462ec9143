package loomscope.scenario;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.ScenarioRun;
import loomscope.workload.SchedulerKind;
import loomscope.workload.TaskShape;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The seeds' experiment as LoomScope has always run it: CPU work, then a sleep inside the section its lock mode
 * chooses, in {@link SeedTask}. Its parameters are its own, like any scenario's: lock, cpu-iterations, sleep-ms.
 */
public record SeedScenario() implements Scenario {

    public static final String NAME = "seed";
    public static final String LOCK = "lock";
    public static final String CPU = SeedTask.CPU;
    public static final String SLEEP = SeedTask.SLEEP;

    private static final ScenarioParam CPU_PARAM = SeedTask.cpuParam("sin*cos iterations before the lock");
    private static final ScenarioParam SLEEP_PARAM = SeedTask.sleepParam("sleep inside the lock, ms");

    /** The parameters that {@code run} also takes as options of their own, from before scenarios had parameters. */
    private static final Set<String> OWN_OPTIONS = Set.of(LOCK, CPU, SLEEP);

    /**
     * The lock's choices are {@link LockMode#values()} as they are now (a mode a test registers is one of them), each
     * with its summary and what each JDK does with it: the words the window's lock slider shows.
     */
    private static ScenarioParam lockParam() {
        Map<String, String> notes = new LinkedHashMap<>();
        LockMode.values().forEach(m -> notes.put(m.cliName(), m.summary() + "\n" + m.jdkBehaviour()));
        return new ScenarioParam.Choice(LOCK, LockMode.SYNCHRONIZED.cliName(),
                LockMode.values().stream().map(LockMode::cliName).toList(), "where the sleep happens: the lock modes",
                "Lock mode", notes);
    }

    @Override public String name() { return NAME; }

    @Override
    public String shows() {
        return "CPU work, then a sleep inside a per-task synchronized (or another lock mode): JEP 491 in one run";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("Dan Vega (danvega/pinning; per-task lock by alexander-shustanov)",
                "JEP 491 demo: 5,000 virtual threads, 10,000 sin*cos iterations, 5 ms sleep in synchronized, parallelism 1",
                "JDK 21.0.6: 31.791 s; JDK 24: 0.454 s (Spring AiO: JDK 21 34.1 s, JDK 24 0.640 s; shared lock 32.3 / 31.6 s)");
    }

    @Override public List<ScenarioParam> params() { return List.of(lockParam(), CPU_PARAM, SLEEP_PARAM); }

    @Override public int defaultThreads() { return 5_000; }

    @Override public int defaultParallelism() { return 1; }

    @Override
    public TaskShape shape(ScenarioParams p) {
        return new TaskShape(p.intValue(CPU), p.intValue(SLEEP), lock(p), true, true);
    }

    /** A card calls a seed run by its lock mode: the one knob the seeds compare. */
    @Override public String label(ScenarioParams p) { return lock(p).cliName(); }

    /** A history row names a seed run by its lock mode, which its summary holds already. */
    @Override public String runName(ScenarioParams p) { return null; }

    /** A message calls a seed run by its lock mode alone, as the seeds compared them. */
    @Override public String briefText(ScenarioParams p) { return label(p); }

    /** A caption gives the lock mode, and the sleep only where it is not the seeds' 5 ms. */
    @Override
    public List<String> captionItems(ScenarioParams p) {
        int sleep = p.intValue(SLEEP);
        return sleep == 5 ? List.of(label(p))
                : List.of(label(p), String.format(Locale.ROOT, "sleep %,d ms", sleep));
    }

    /** The seeds printed these lines; {@code run} prints them word for word. */
    @Override
    public ConsoleWords consoleWords(ScenarioParams p) {
        return new ConsoleWords(String.format(Locale.ROOT,
                "Each thread does CPU work (%,d iterations), then acquires lock and blocks for %d ms.",
                p.intValue(CPU), p.intValue(SLEEP)), "Lock " + label(p));
    }

    /** The rule every scenario is drawn by was first checked against the seed's own phases, on every mount. */
    @Override public boolean crossChecksPhases() { return true; }

    @Override public Set<String> paramsWithOwnOption() { return OWN_OPTIONS; }

    /** The three task fields are the seed's parameters, whole: its saved runs store no params. */
    @Override
    public Map<String, String> paramsOfTaskFields(int cpuIterations, int sleepMillis, LockMode lockMode) {
        return params(lockMode, cpuIterations, sleepMillis).values();
    }

    @Override public void checkRunnable(ScenarioParams p) { SeedTask.checkRunnable(shape(p)); }

    @Override public ScenarioRun prepare(WorkloadConfig config) { return SeedTask.of(config.scenario().shape()); }

    private static LockMode lock(ScenarioParams p) { return LockMode.fromCliName(p.value(LOCK)); }

    /** The seed's parameters: {@code lock} around a {@code sleepMillis} sleep after {@code cpuIterations}. */
    public static ScenarioParams params(LockMode lock, int cpuIterations, int sleepMillis) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put(LOCK, lock.cliName());
        v.put(CPU, Integer.toString(cpuIterations));
        v.put(SLEEP, Integer.toString(sleepMillis));
        return new ScenarioParams(new SeedScenario(), v);
    }

    /** The seeds' experiment: 5,000 virtual threads, 10,000 iterations, 5 ms, per-task lock, one carrier. */
    public static WorkloadConfig config() {
        return config(5_000, 10_000, 5, LockMode.SYNCHRONIZED, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    /**
     * A seed run as the CLI's seed flags give it. The seed's knobs are refused by their own flags' names
     * ({@code --cpu-iterations}, not {@code --param}), in the order {@link RunLimits} checks a run.
     *
     * @throws RunLimits.InvalidRunException naming the first refused value
     */
    public static WorkloadConfig config(int threads, int cpuIterations, int sleepMillis, LockMode lock, int parallelism,
                                        SchedulerKind scheduler, ThreadKind threadKind) {
        RunLimits.throwIfAny(RunLimits.problems(threads, cpuIterations, sleepMillis, parallelism, lock, scheduler,
                threadKind, RunLimits.MAX_THREADS));
        return new WorkloadConfig(threads, parallelism, scheduler, threadKind, params(lock, cpuIterations, sleepMillis));
    }
}
