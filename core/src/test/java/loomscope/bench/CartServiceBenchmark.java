package loomscope.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import loomscope.recording.RecordedRun;
import loomscope.scenario.Scenarios;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cart-service scenario as the seed (Baeldung) measured it: one operation is {@code concurrency} updates on
 * virtual threads at once, each holding its product's lock across a simulated API call; throughput in ops/s.
 * Here the updates run on the recorded carrier pool at P = 10 (see docs/scenarios.md), so the figure is the one
 * {@code bench --scenario cart-service} prints. Run on this JDK: {@code mvn -B -pl core test-compile exec:exec@jmh
 * -Djmh.args="CartServiceBenchmark"}; JDK 21's figure comes from the CLI on a JDK 21 (docs/scenarios.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class CartServiceBenchmark {

    @Param({"100", "1000", "10000"})
    public int concurrency;

    @Param({"50"})
    public int apiMillis;

    private WorkloadConfig config;

    @Setup
    public void config() {
        config = Scenarios.config(Scenarios.byName("cart-service"), Map.of("api-ms", Integer.toString(apiMillis)),
                concurrency, 10, SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    @Benchmark
    public long updateConcurrently() throws InterruptedException {
        RecordedRun run = RecordedRun.start(config);
        run.await(Long.MAX_VALUE);
        if (run.run().failure() != null) {
            throw new IllegalStateException(run.run().failure());
        }
        return run.summary().completed();
    }
}
