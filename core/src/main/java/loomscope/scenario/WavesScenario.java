package loomscope.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.workload.LockMode;
import loomscope.workload.RunLimits;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * K threads each sleep S inside {@code synchronized} on their own monitor: pinned virtual threads finish in
 * waves of P (the carriers), platform threads all at once. The seed's task with no CPU work runs it.
 */
public record WavesScenario() implements Scenario {

    static final String SLEEP = "sleep-ms";
    /** Abhishek Varshney's thread counts (12 cores: past 12 and 24 the virtual threads took a second and third wave). */
    static final List<Integer> SEED_K = List.of(2, 4, 8, 11, 13, 16, 23, 25, 32);
    /** The seed's sleep, which its times are of; ours scale by S / this. */
    private static final double SEED_SLEEP_MILLIS = 4000.0;

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Int(SLEEP, 400, 1, RunLimits.MAX_SLEEP_MILLIS,
                    "sleep inside each thread's own synchronized, ms (the seed's 4,000 scaled by 1/10)"));

    @Override public String name() { return "waves"; }

    @Override
    public String shows() {
        return "K threads sleep in synchronized on P carriers: pinned ones finish in waves of P (ceil(K/P) x S)";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("Abhishek Varshney",
                "Pinning: a pitfall to avoid when using virtual threads in Java (K threads, 4 s sleep in synchronized, 12 cores)",
                "JDK 21, K in {2,4,8,11,13,16,23,25,32}: virtual 4 s up to K=12, 8 s up to 24, 12 s beyond; platform 4 s for every K. "
                        + "Here P carriers stand for the cores and S defaults to 400 ms (1/10 of the seed's)");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    /** Past the seed's 12 cores: the second wave. */
    @Override public int defaultThreads() { return 13; }

    @Override public int defaultParallelism() { return 12; }

    /** The seed's task with no CPU work, in its own synchronized. */
    @Override
    public TaskShape shape(ScenarioParams p) {
        return new TaskShape(0, p.intValue(SLEEP), LockMode.SYNCHRONIZED, true, true);
    }

    /** The seed's own K. */
    @Override public Sweep sweep() { return new Sweep("K threads", SEED_K); }

    /** The seed on JDK 21, 12 cores: virtual threads 4 s up to K=12, 8 s up to 24, 12 s beyond; platform 4 s. */
    @Override
    public PublishedTable publishedTable(ScenarioParams p) {
        int sleepMillis = p.intValue(SLEEP);
        double scale = sleepMillis / SEED_SLEEP_MILLIS;
        List<PublishedTable.Row> rows = new ArrayList<>();
        for (int k : SEED_K) {
            rows.add(PublishedTable.Row.at("K=" + k + " virtual", k, ThreadKind.VIRTUAL, Math.ceil(k / 12.0) * 4 * scale));
            rows.add(PublishedTable.Row.at("K=" + k + " platform", k, ThreadKind.PLATFORM, 4 * scale));
        }
        return new PublishedTable("K, thread kind", "s", String.format(Locale.ROOT,
                "seed: Abhishek Varshney, JDK 21, 12 cores, 4 s sleep; its times scaled by %d ms / 4,000 ms", sleepMillis), rows);
    }

    @Override public void checkRunnable(ScenarioParams p) { SeedTask.checkRunnable(shape(p)); }

    @Override public ScenarioRun prepare(WorkloadConfig config) { return SeedTask.of(config.scenario().shape()); }
}
