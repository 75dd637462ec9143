package loomscope.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import loomscope.recording.RecordedRun;
import loomscope.recording.RunSummary;
import loomscope.scenario.CartServiceScenario;
import loomscope.scenario.ProducerConsumerScenario;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.scenario.WavesScenario;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import loomscope.workload.WorkloadRun;

/**
 * {@code bench --scenario NAME}: the seed's own table, its rows run here (median of the repeats), beside the figure
 * the seed published for that row and our figure's ratio to it. The seed's figures come from its machine and
 * JDK: the ratio says how our run compares, not who is right. Scenarios whose seed published no table get one row
 * per thread kind and no seed column.
 */
final class ScenarioBench {

    /** One row: what runs, and the seed's figure for it (NaN where it published none). */
    record Row(String label, WorkloadConfig config, double seedFigure) { }

    /** The seed's table: its row header, the unit of its figures (s, or a rate) and its rows. */
    record Plan(String rowHeader, String unit, String note, List<Row> rows) {
        boolean isTime() { return unit.equals("s"); }
    }

    private ScenarioBench() { }

    /** The plan for {@code scenario} with {@code params} as the base of every row; every row's config checked. */
    static Plan plan(Scenario scenario, Map<String, String> params, Integer parallelism, SchedulerKind scheduler) {
        return switch (scenario) {
            case WavesScenario w -> waves(w, params, parallelism, scheduler);
            case ProducerConsumerScenario pc -> producerConsumer(pc, params, parallelism, scheduler);
            case CartServiceScenario cs -> cartService(cs, params, parallelism, scheduler);
            default -> {
                List<Row> rows = new ArrayList<>();
                for (ThreadKind kind : ThreadKind.values()) {
                    rows.add(new Row(kind.cliName(), Scenarios.config(scenario, params, null, parallelism, scheduler, kind),
                            Double.NaN));
                }
                yield new Plan("thread kind", "s", "no table published by the seed", rows);
            }
        };
    }

    private static Plan waves(Scenario s, Map<String, String> params, Integer p, SchedulerKind scheduler) {
        List<Row> rows = new ArrayList<>();
        int sleepMillis = Scenarios.config(s, params, null, p, scheduler, ThreadKind.VIRTUAL).shape().sleepMillis();
        double scale = sleepMillis / 4000.0;
        for (int k : new int[] {2, 4, 8, 11, 13, 16, 23, 25, 32}) {
            // the seed on JDK 21, 12 cores: virtual threads 4 s up to K=12, 8 s up to 24, 12 s beyond; platform 4 s
            rows.add(new Row("K=" + k + " virtual", Scenarios.config(s, params, k, p, scheduler, ThreadKind.VIRTUAL),
                    Math.ceil(k / 12.0) * 4 * scale));
            rows.add(new Row("K=" + k + " platform", Scenarios.config(s, params, k, p, scheduler, ThreadKind.PLATFORM),
                    4 * scale));
        }
        return new Plan("K, thread kind", "s", String.format(Locale.ROOT,
                "seed: Abhishek Varshney, JDK 21, 12 cores, 4 s sleep; its times scaled by %d ms / 4,000 ms", sleepMillis), rows);
    }

    private static Plan producerConsumer(Scenario s, Map<String, String> params, Integer p, SchedulerKind scheduler) {
        List<Row> rows = new ArrayList<>();
        double[][] seed = {{100_000, 214_600, 93_568}, {200_000, 256_367, 74_051}};
        for (double[] figures : seed) {
            Map<String, String> withTasks = new LinkedHashMap<>(params);
            withTasks.put("tasks", Integer.toString((int) figures[0]));
            rows.add(new Row(String.format(Locale.ROOT, "%,d tasks virtual", (int) figures[0]),
                    Scenarios.config(s, withTasks, null, p, scheduler, ThreadKind.VIRTUAL), figures[1]));
            rows.add(new Row(String.format(Locale.ROOT, "%,d tasks platform", (int) figures[0]),
                    Scenarios.config(s, withTasks, null, p, scheduler, ThreadKind.PLATFORM), figures[2]));
        }
        return new Plan("tasks, thread kind", "tasks/s",
                "seed: mjovanc, 1,000 producers + 1,000 consumers; the seed prints a line per task, this does not", rows);
    }

    private static Plan cartService(Scenario s, Map<String, String> params, Integer p, SchedulerKind scheduler) {
        boolean jep491 = Runtime.version().feature() >= 24;
        double[][] seed = {{100, 2.081, 18.392}, {1_000, 0.214, 10.061}, {10_000, 0.023, 1.005}};
        List<Row> rows = new ArrayList<>();
        for (double[] figures : seed) {
            rows.add(new Row(String.format(Locale.ROOT, "concurrency %,d", (int) figures[0]),
                    Scenarios.config(s, params, (int) figures[0], p, scheduler, ThreadKind.VIRTUAL),
                    jep491 ? figures[2] : figures[1]));
        }
        return new Plan("concurrency", "ops/s", "seed: Baeldung JMH throughput on JDK " + (jep491 ? "25" : "21")
                + " (the seed's figures for the JDK nearest this one)", rows);
    }

    /** Runs every row {@code repeats} times and prints the table; checks every row can run first. */
    static void run(Scenario scenario, Plan plan, int repeats, PrintWriter out) throws InterruptedException {
        for (Row row : plan.rows()) {
            WorkloadRun.checkRunnable(row.config());
        }
        out.printf(Locale.ROOT, "Java %s, scenario %s, %d repeats (median)%n%s%n%n", Runtime.version(),
                scenario.name(), repeats, plan.note());
        String ours = plan.isTime() ? "median s" : "median " + plan.unit();
        out.println("| " + plan.rowHeader() + " | threads | P | " + ours + " | min | max | seed | ours / seed |");
        out.println("|---|---|---|---|---|---|---|---|");
        out.flush();
        for (Row row : plan.rows()) {
            double[] figures = new double[repeats];
            for (int r = 0; r < repeats; r++) {
                RunSummary s = recorded(row.config());
                Scenario.Rate rate = Scenarios.of(row.config()).rate(Scenarios.params(row.config()), s.threads(), s.wallMillis());
                figures[r] = plan.isTime() || rate == null ? s.wallMillis() / 1000 : rate.perSecond();
            }
            double median = median(figures);
            out.printf(Locale.ROOT, "| %s | %,d | %d | %s | %s | %s | %s | %s |%n", row.label(), row.config().threads(),
                    row.config().parallelism(), figure(median), figure(Arrays.stream(figures).min().orElse(0)),
                    figure(Arrays.stream(figures).max().orElse(0)), Double.isNaN(row.seedFigure()) ? "—" : figure(row.seedFigure()),
                    Double.isNaN(row.seedFigure()) ? "—" : String.format(Locale.ROOT, "%.2fx", median / row.seedFigure()));
            out.flush();
        }
    }

    private static String figure(double v) {
        return v >= 1000 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }

    private static RunSummary recorded(WorkloadConfig config) throws InterruptedException {
        RecordedRun run = RecordedRun.start(config);
        run.await(Long.MAX_VALUE);
        if (run.run().failure() != null) {
            throw new IllegalStateException("a run of " + config.scenarioText() + " failed: " + run.run().failure());
        }
        return run.summary();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
