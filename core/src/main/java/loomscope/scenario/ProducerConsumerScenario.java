package loomscope.scenario;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import loomscope.workload.CancelToken;
import loomscope.workload.RunObserver;
import loomscope.workload.ScenarioRun;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * The seed's producer-consumer: one {@code synchronized} buffer with wait/notifyAll, the first half of the threads
 * producing T tasks between them, the second half consuming them. Throughput is T over the run's wall time.
 */
public record ProducerConsumerScenario() implements Scenario {

    static final String TASKS = "tasks";
    static final String CAPACITY = "capacity";

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Int(TASKS, 100_000, 1, 100_000_000, "tasks produced and consumed in all"),
            new ScenarioParam.Int(CAPACITY, 0, 0, 100_000_000,
                    "buffer capacity; 0 = as many as the tasks, as the seed's (producers never wait). A small one on "
                            + "JDK 21 holds a carrier per waiting thread (the pool adds carriers, up to 256)"));

    /** What the JDK does with a carrier held in it is the point: compensation, as on its own scheduler. */
    @Override public boolean onJdkCarriers() { return true; }

    @Override public String name() { return "producer-consumer"; }

    @Override
    public String shows() {
        return "a synchronized buffer with wait/notifyAll between N/2 producers and N/2 consumers: tasks per second";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("mjovanc", "Java 21 - A deep dive into Virtual Threads (1,000 producers, 1,000 consumers)",
                "tasks/s at 100,000 and 200,000 tasks: virtual 214,600 and 256,367; platform 93,568 and 74,051. "
                        + "The seed prints a line per task inside the lock; this does not, so its rates run far higher");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    /** 1,000 producers and 1,000 consumers. */
    @Override public int defaultThreads() { return 2_000; }

    @Override public int defaultParallelism() { return 2; }

    @Override
    public Rate rate(ScenarioParams params, int threads, double wallMillis) {
        return new Rate(params.intValue(TASKS) / (wallMillis / 1000), "tasks/s");
    }

    @Override public int minimumThreads() { return 2; }

    /** The seed's rates at 100,000 and 200,000 tasks, virtual then platform. */
    @Override
    public PublishedTable publishedTable(ScenarioParams params) {
        List<PublishedTable.Row> rows = new ArrayList<>();
        double[][] seed = {{100_000, 214_600, 93_568}, {200_000, 256_367, 74_051}};
        for (double[] figures : seed) {
            Map<String, String> withTasks = Map.of(TASKS, Integer.toString((int) figures[0]));
            rows.add(new PublishedTable.Row(String.format(Locale.ROOT, "%,d tasks virtual", (int) figures[0]), null,
                    ThreadKind.VIRTUAL, withTasks, figures[1]));
            rows.add(new PublishedTable.Row(String.format(Locale.ROOT, "%,d tasks platform", (int) figures[0]), null,
                    ThreadKind.PLATFORM, withTasks, figures[2]));
        }
        return new PublishedTable("tasks, thread kind", "tasks/s",
                "seed: mjovanc, 1,000 producers + 1,000 consumers; the seed prints a line per task, this does not", rows);
    }

    @Override
    public ScenarioRun prepare(WorkloadConfig config) {
        int tasks = config.scenario().intValue(TASKS);
        int capacity = config.scenario().intValue(CAPACITY);
        return new Buffer(config.threads() / 2, config.threads() - config.threads() / 2, tasks,
                capacity == 0 ? tasks : capacity);
    }

    /** The seed's buffer; a producer is thread {@code vt < producers}, each does its share of the tasks. */
    private static final class Buffer implements ScenarioRun {
        private final ArrayDeque<Integer> data = new ArrayDeque<>();
        private final int producers;
        private final int consumers;
        private final int tasks;
        private final int capacity;
        private volatile boolean stopping;

        Buffer(int producers, int consumers, int tasks, int capacity) {
            this.producers = producers;
            this.consumers = consumers;
            this.tasks = tasks;
            this.capacity = capacity;
        }

        @Override
        public boolean run(int vt, RunObserver observer, CancelToken cancel) throws InterruptedException {
            if (vt < producers) {
                int share = share(vt, producers);
                for (int i = 0; i < share; i++) {
                    if (!produce(vt)) {
                        return false;
                    }
                }
                return true;
            }
            int share = share(vt - producers, consumers);
            for (int i = 0; i < share; i++) {
                if (!consume()) {
                    return false;
                }
            }
            return true;
        }

        private int share(int index, int of) {
            return tasks / of + (index < tasks % of ? 1 : 0);
        }

        private synchronized boolean produce(int task) throws InterruptedException {
            while (data.size() >= capacity && !stopping) {
                wait();
            }
            data.add(task);
            notifyAll();
            return !stopping;
        }

        private synchronized boolean consume() throws InterruptedException {
            while (data.isEmpty() && !stopping) {
                wait();
            }
            data.poll();
            notifyAll();
            return !stopping;
        }

        @Override
        public void cancelled() {
            stopping = true;
            synchronized (this) {
                notifyAll();
            }
        }
    }
}
