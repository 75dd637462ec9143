package loomscope.scenario;

import java.util.List;

import loomscope.workload.LockMode;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.WorkloadConfig;

/** The seed's task with its sleep inside an FFM upcall from native qsort: pins on every JDK, JEP 491 or not. */
public record NativeFrameScenario() implements Scenario {

    private static final List<ScenarioParam> PARAMS = List.of(
            SeedTask.cpuParam("sin*cos iterations first"), SeedTask.sleepParam("sleep inside the upcall, ms"));

    @Override public String name() { return "native-frame"; }

    @Override
    public String shows() {
        return "a sleep with a native frame below it (qsort -> upcall): pinned on every JDK; needs JDK 22+";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("Baeldung (Saikat Chakraborty)",
                "Synchronize Virtual Thread Without Pinning: native methods and foreign functions still pin after JEP 491",
                "no timing published; it notes that as of JDK 21/24 JFR emits no jdk.VirtualThreadPinned for blocking in "
                        + "native or FFM code. 500 threads by default here (the seed's 5,000 would take ~27 s at P=1)");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    @Override public int defaultThreads() { return 500; }

    @Override public int defaultParallelism() { return 1; }

    /** The seed's task in its native-frame lock mode: the seed's starter of that mode. */
    @Override public String starterName() { return "seed-native-frame"; }

    @Override public int minimumJdk() { return LockMode.NATIVE_FRAME.minimumJdk(); }

    @Override
    public TaskShape shape(ScenarioParams p) {
        return new TaskShape(p.intValue(SeedTask.CPU), p.intValue(SeedTask.SLEEP), LockMode.NATIVE_FRAME, true, true);
    }

    /** The native section says why not, and what would work, on JDK 21. */
    @Override public void checkRunnable(ScenarioParams p) { SeedTask.checkRunnable(shape(p)); }

    @Override public ScenarioRun prepare(WorkloadConfig config) { return SeedTask.of(config.scenario().shape()); }
}
