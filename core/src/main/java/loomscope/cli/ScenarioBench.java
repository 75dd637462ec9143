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
import loomscope.scenario.PublishedTable;
import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.Scenarios;
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

    /**
     * The plan for {@code scenario} with {@code params} as the base of every row, every row's config checked: the
     * write-up's own table where it published one ({@link Scenario#publishedTable}), else a row per thread kind.
     */
    static Plan plan(Scenario scenario, Map<String, String> params, Integer parallelism, SchedulerKind scheduler) {
        ScenarioParams base = new ScenarioParams(scenario, params);
        PublishedTable table = scenario.publishedTable(base);
        List<Row> rows = new ArrayList<>();
        if (table == null) {
            for (ThreadKind kind : ThreadKind.values()) {
                rows.add(new Row(kind.cliName(), Scenarios.config(scenario, params, null, parallelism, scheduler, kind),
                        Double.NaN));
            }
            return new Plan("thread kind", "s", "no table published by the seed", rows);
        }
        for (PublishedTable.Row row : table.rows()) {
            Map<String, String> rowParams = new LinkedHashMap<>(base.values());
            rowParams.putAll(row.params());
            rows.add(new Row(row.label(), Scenarios.config(scenario, rowParams, row.threads(), parallelism, scheduler,
                    row.kind()), row.figure()));
        }
        return new Plan(table.rowHeader(), table.unit(), table.note(), rows);
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
