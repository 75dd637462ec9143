package loomscope.workload;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The seeds' experiment as LoomScope has always run it: CPU work, then a sleep inside the section its lock mode
 * chooses, in {@link Task}. Its parameters are the config's own cpu, sleep and lock fields.
 */
public record SeedScenario() implements Scenario {

    public static final String NAME = "seed";
    static final String LOCK = "lock";
    static final String CPU = "cpu-iterations";
    static final String SLEEP = "sleep-ms";

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Choice(LOCK, LockMode.SYNCHRONIZED.cliName(),
                    Arrays.stream(LockMode.values()).map(LockMode::cliName).toList(),
                    "where the sleep happens: the five lock modes"),
            new ScenarioParam.Int(CPU, 10_000, 0, RunLimits.MAX_CPU_ITERATIONS, "sin*cos iterations before the lock"),
            new ScenarioParam.Int(SLEEP, 5, 0, RunLimits.MAX_SLEEP_MILLIS, "sleep inside the lock, ms"));

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

    @Override public List<ScenarioParam> params() { return PARAMS; }

    @Override public int defaultThreads() { return 5_000; }

    @Override public int defaultParallelism() { return 1; }

    @Override
    public SeedFields seedFields(ScenarioParams p) {
        return new SeedFields(p.intValue(CPU), p.intValue(SLEEP), LockMode.fromCliName(p.value(LOCK)));
    }

    @Override public boolean runsSeedTask() { return true; }

    static Map<String, String> values(int cpuIterations, int sleepMillis, LockMode lock) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put(LOCK, lock.cliName());
        v.put(CPU, Integer.toString(cpuIterations));
        v.put(SLEEP, Integer.toString(sleepMillis));
        return v;
    }
}
