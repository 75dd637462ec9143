package loomscope.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import loomscope.workload.RunLimits;
import loomscope.workload.ScenarioRun;
import loomscope.workload.TaskShape;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The seed's cart service: each thread updates one product under that product's own monitor, with a simulated
 * API call (a sleep) inside. With one product per update (the seed's random UUIDs) the locks never contend, so
 * only pinning can make the run slower than one call.
 */
public record CartServiceScenario() implements Scenario {

    static final String API = "api-ms";
    static final String PRODUCTS = "products";

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Int(API, 50, 0, RunLimits.MAX_SLEEP_MILLIS, "the simulated API call inside the lock, ms"),
            new ScenarioParam.Int(PRODUCTS, 0, 0, RunLimits.MAX_THREADS,
                    "distinct products; 0 = one per update, as the seed's random UUIDs"));

    @Override public String name() { return "cart-service"; }

    @Override
    public String shows() {
        return "a per-product lock with a 50 ms API call inside: concurrency N on P carriers, JDK 21 vs 24+";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("Baeldung (Saikat Chakraborty)",
                "Synchronize Virtual Thread Without Pinning, 5. Benchmark (JMH, CartService.update, concurrency 100/1,000/10,000)",
                "throughput ops/s: JDK 21 2.081 / 0.214 / 0.023; JDK 25 18.392 / 10.061 / 1.005 "
                        + "(avg s/op JDK 21 0.479 / 4.468 / 44.056; JDK 25 0.058 / 0.108 / 0.962). "
                        + "Default P=10 here: 100 x 50 ms / 0.479 s suggests about 10 carriers on the seed's machine (our inference)");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    @Override public int defaultThreads() { return 100; }

    @Override public int defaultParallelism() { return 10; }

    @Override
    public TaskShape shape(ScenarioParams p) {
        return TaskShape.block(p.intValue(API), LockMode.SYNCHRONIZED);
    }

    /** The seed's JMH operation is one whole round: N threads started, each updating once, all joined. */
    @Override
    public Rate rate(ScenarioParams params, int threads, double wallMillis) {
        return new Rate(1000 / wallMillis, "ops/s");
    }

    /** The seed's JMH throughput at concurrency 100, 1,000 and 10,000, for the JDK nearest this one (21, or 25 for 24+). */
    @Override
    public PublishedTable publishedTable(ScenarioParams params) {
        boolean jep491 = Runtime.version().feature() >= 24;
        double[][] seed = {{100, 2.081, 18.392}, {1_000, 0.214, 10.061}, {10_000, 0.023, 1.005}};
        List<PublishedTable.Row> rows = new ArrayList<>();
        for (double[] figures : seed) {
            rows.add(PublishedTable.Row.at(String.format(Locale.ROOT, "concurrency %,d", (int) figures[0]),
                    (int) figures[0], ThreadKind.VIRTUAL, jep491 ? figures[2] : figures[1]));
        }
        return new PublishedTable("concurrency", "ops/s", "seed: Baeldung JMH throughput on JDK " + (jep491 ? "25" : "21")
                + " (the seed's figures for the JDK nearest this one)", rows);
    }

    @Override
    public ScenarioRun prepare(WorkloadConfig config) {
        int apiMillis = config.scenario().intValue(API);
        int products = config.scenario().intValue(PRODUCTS);
        Map<String, Object> locks = new ConcurrentHashMap<>();
        Map<String, Integer> cart = new ConcurrentHashMap<>();
        return (vt, observer, cancel) -> {
            String product = "product-" + (products == 0 ? vt : vt % products);
            Object lock = locks.computeIfAbsent(product, k -> new Object());
            observer.phase(vt, Phase.LOCK_REQUESTED, System.nanoTime());
            synchronized (lock) {
                observer.phase(vt, Phase.LOCK_ACQUIRED, System.nanoTime());
                observer.phase(vt, Phase.SLEEP_START, System.nanoTime());
                if (apiMillis > 0) {
                    Thread.sleep(apiMillis);
                }
                observer.phase(vt, Phase.SLEEP_END, System.nanoTime());
                cart.merge(product, 2, Integer::sum);
                observer.phase(vt, Phase.LOCK_RELEASED, System.nanoTime());
            }
            return true;
        };
    }
}
