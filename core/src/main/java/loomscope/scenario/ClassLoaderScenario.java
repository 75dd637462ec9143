package loomscope.scenario;

import java.util.List;

import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.WorkloadConfig;

/**
 * Threads load a class through a class loader whose {@code findClass} sleeps, as the seed's custom loader does.
 * {@code loadClass} holds the loader's monitor while it finds the class, so the sleep is a sleep inside
 * {@code synchronized}: pinned on JDK 21, unmounted from JDK 24 (the call is made from Java, with no native frame
 * below; {@code Class.forName} would put one there). With one loader per thread every thread finds and defines
 * the class; with a shared one the first does and the others wait for its monitor.
 */
public record ClassLoaderScenario() implements Scenario {

    static final String FIND = "find-ms";
    static final String LOADER = "loader";

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Int(FIND, 100, 0, RunLimits.MAX_SLEEP_MILLIS, "sleep inside findClass, ms"),
            new ScenarioParam.Choice(LOADER, "per-thread", List.of("per-thread", "shared"),
                    "a new class loader for each thread, or one for all"));

    @Override public String name() { return "class-loader"; }

    @Override
    public String shows() {
        return "loadClass through a loader whose findClass sleeps, inside the loader's monitor: pinned on JDK 21";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("Baeldung (Saikat Chakraborty)",
                "Synchronize Virtual Thread Without Pinning, 2.5 Custom Class Loader (findClass sleeps 100 ms)",
                "no timing published; the seed verifies the pin with JFR's jdk.VirtualThreadPinned");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    @Override public int defaultThreads() { return 8; }

    @Override public int defaultParallelism() { return 1; }

    /** findClass's sleep is the block; no bounds: whether threads share a loader decides who waits. */
    @Override
    public TaskShape shape(ScenarioParams p) {
        return new TaskShape(0, p.intValue(FIND), LockMode.SYNCHRONIZED, false, false);
    }

    @Override
    public ScenarioRun prepare(WorkloadConfig config) {
        int findMillis = config.scenario().intValue(FIND);
        FreshClassLoader shared = config.scenario().value(LOADER).equals("shared")
                ? new FreshClassLoader(0, findMillis) : null;
        return (vt, observer, cancel) -> {
            FreshClassLoader loader = shared != null ? shared : new FreshClassLoader(0, findMillis);
            // no lock phases: the monitor is taken and left inside the JDK's loadClass, where we cannot report
            loader.loadClass(FreshClassLoader.TARGET);
            return true;
        };
    }
}
