package loomscope.scenario;

import java.util.List;

import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.WorkloadConfig;

/**
 * N threads touch a class whose static initializer sleeps: one runs {@code <clinit>}, the others wait for it in
 * the VM, which cannot unmount them (JEP 491 left class initialisation pinned; JDK-8369238 in JDK 26 begins to
 * change it). Each run defines the class in a new loader, so its initializer blocks every time.
 */
public record ClassInitScenario() implements Scenario {

    static final String INIT = "init-ms";

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Int(INIT, 100, 0, RunLimits.MAX_SLEEP_MILLIS, "sleep inside the static initializer, ms"));

    @Override public String name() { return "class-init"; }

    @Override
    public String shows() {
        return "threads wait for a class whose static {} sleeps: they wait inside the VM, pinned on JDK 21 and 25";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("Baeldung (Saikat Chakraborty)",
                "Synchronize Virtual Thread Without Pinning, 2.4 Static Initializer Block (static {} sleeps 100 ms)",
                "no timing published. Measured here (JDK-FACTS.md), 8 threads, 200 ms initializer, P=1: JDK 21.0.8 234 ms; "
                        + "JDK 25.0.3 217 ms with one JFR pin, reason \"VM call to ...<clinit> on stack\"");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    @Override public int defaultThreads() { return 8; }

    @Override public int defaultParallelism() { return 1; }

    /** The initializer's sleep is the block; no bounds: the JVM's class-init lock, not ours, decides who waits. */
    @Override
    public TaskShape shape(ScenarioParams p) {
        return new TaskShape(0, p.intValue(INIT), LockMode.NONE, false, false);
    }

    @Override
    public ScenarioRun prepare(WorkloadConfig config) {
        FreshClassLoader loader = new FreshClassLoader(config.scenario().intValue(INIT), 0);
        return (vt, observer, cancel) -> {
            Class.forName(FreshClassLoader.TARGET, true, loader);
            return true;
        };
    }
}
