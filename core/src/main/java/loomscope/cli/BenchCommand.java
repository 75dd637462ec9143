package loomscope.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import loomscope.matrix.MatrixPlan;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunSummary;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.RunObserver;
import loomscope.workload.SchedulerKind;
import loomscope.workload.WorkloadConfig;
import loomscope.workload.WorkloadRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Sweeps lock modes x parallelism with repeats and prints the seeds' comparison as a Markdown table of medians. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Sweep lock modes x parallelism, print a Markdown table of medians and ratios to the bounds.",
                "bench --matrix: every scenario x every JVM found, each cell a real run with JFR's count beside ours."})
final class BenchCommand implements Callable<Integer> {

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Mixin
    ScenarioOptions scenario = new ScenarioOptions();

    @Option(names = "--modes", split = ",", paramLabel = "MODE[,MODE...]", converter = WorkloadOptions.LockConverter.class,
            description = "Lock modes to sweep. Default: every mode this JVM can run.")
    List<LockMode> modes;

    @Option(names = "--parallelism", split = ",", paramLabel = "P[,P...]", description = "Default: 1,2.")
    List<Integer> parallelisms = List.of(1, 2);

    @Option(names = "--repeats", description = "Runs per cell; the table shows the median. Default: ${DEFAULT-VALUE}.")
    int repeats = 3;

    @Option(names = "--compare-schedulers", description = "Also run each cell on the JDK's default scheduler.")
    boolean compareSchedulers;

    @Option(names = "--recording-overhead", description = "Also run each cell unrecorded, to measure what recording costs.")
    boolean recordingOverhead;

    @Option(names = "--matrix", description = "The pinning matrix: every scenario on every JVM found (this JDK, with "
            + "legacy locking, each other JDK), each cell one run in a child JVM with JFR on. Default size: "
            + MatrixPlan.DEFAULT_THREADS + " threads, P " + MatrixPlan.DEFAULT_PARALLELISM + ".")
    boolean matrix;

    @Option(names = "--scenarios", split = ",", paramLabel = "NAME[,NAME...]",
            description = "With --matrix: the rows. Default: every scenario.")
    List<String> matrixScenarios;

    @Option(names = "--jdk", paramLabel = "PATH", description = "With --matrix: a JDK to add as a column (repeatable); "
            + "with it the columns are this JDK and the named ones, else every JDK found.")
    List<Path> matrixJdks = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FOLDER", description = "With --matrix: write matrix.md, matrix.csv and matrix.png there.")
    Path matrixOut;

    @Spec
    CommandSpec spec;

    static final int MAX_REPEATS = 100;

    @Override
    public Integer call() throws Exception {
        // every cell's parameters are checked before the header is printed or a cell runs
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        if (matrix) {
            MatrixBench.Request request = MatrixBench.check(parsed, workload.threads, parallelisms, matrixScenarios,
                    matrixJdks, matrixOut);
            return MatrixBench.run(request, spec.commandLine().getOut(), spec.commandLine().getErr());
        }
        for (String matrixOnly : List.of("--scenarios", "--jdk", "--out")) {
            if (parsed.hasMatchedOption(matrixOnly)) {
                throw new BadOption(matrixOnly, "is used only with --matrix");
            }
        }
        if (repeats < 1 || repeats > MAX_REPEATS) {
            throw new BadOption("--repeats", "must be 1.." + MAX_REPEATS + ", was " + repeats);
        }
        // the default scenario's bench is the seeds' table: its lock modes by parallelism
        if (scenario.scenario != null && !Scenarios.chosenByName(scenario.scenario).equals(Scenarios.DEFAULT)) {
            return benchScenario();
        }
        if (!scenario.params().isEmpty()) {
            throw new BadOption("--param", "the seed's bench sweeps --modes, --cpu-iterations and --sleep-ms instead");
        }
        List<LockMode> sweep = modes != null ? modes : runnableModes();
        List<WorkloadConfig> cells = new ArrayList<>();
        for (LockMode mode : sweep) {
            for (int p : parallelisms) {
                cells.add(workload.config(mode, p));
            }
        }
        for (WorkloadConfig cell : cells) {
            WorkloadRun.checkRunnable(cell);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "Java %s, %,d %s threads, %,d iterations, %d ms sleep, %d repeats (median)%n%n",
                Runtime.version(), workload.threads, workload.threadKind.cliName(), workload.cpuIterations,
                workload.sleepMillis, repeats);
        out.println("| lock | P | median s | min s | max s | vs unpinned bound | vs pinned bound | pinned mounts"
                + (compareSchedulers ? " | default scheduler s | pool/default" : "")
                + (recordingOverhead ? " | unrecorded s | recording overhead" : "") + " |");
        out.println("|---|---|---|---|---|---|---|---" + (compareSchedulers ? "|---|---" : "")
                + (recordingOverhead ? "|---|---" : "") + "|");
        warmUp();
        for (WorkloadConfig cell : cells) {
            out.println(row(cell));
            out.flush();
        }
        return 0;
    }

    /** {@code --scenario NAME} other than the seed: the seed's own table (see {@link ScenarioBench}). */
    private int benchScenario() throws InterruptedException {
        picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        Scenario s = Scenarios.chosenByName(scenario.scenario);
        for (String seedOnly : List.of("--modes", "--lock", "--cpu-iterations", "--sleep-ms", "--threads",
                "--thread-kind", "--compare-schedulers", "--recording-overhead")) {
            if (parsed.hasMatchedOption(seedOnly)) {
                throw new BadOption(seedOnly, "is not used by bench --scenario " + s.name()
                        + " (its rows are the seed's table); use --param, --parallelism P, --scheduler, --repeats");
            }
        }
        if (parsed.hasMatchedOption("--parallelism") && parallelisms.size() != 1) {
            throw new BadOption("--parallelism", "takes one value with --scenario, was " + parallelisms);
        }
        Integer p = parsed.hasMatchedOption("--parallelism") ? parallelisms.get(0) : null;
        ScenarioBench.Plan plan = ScenarioBench.plan(s, scenario.params(), p, workload.scheduler);
        ScenarioBench.run(s, plan, repeats, spec.commandLine().getOut());
        return 0;
    }

    private String row(WorkloadConfig config) throws InterruptedException {
        double[] walls = new double[repeats];
        double[] toUnpinned = new double[repeats];
        double[] toPinned = new double[repeats];
        double[] defaults = new double[repeats];
        double[] unrecorded = new double[repeats];
        RunSummary last = null;
        for (int r = 0; r < repeats; r++) {
            // interleave the variants so drift on a noisy machine hits them alike
            last = recorded(config);
            walls[r] = last.wallMillis();
            // each run against its own bound: the bound uses that run's measured CPU per task
            toUnpinned[r] = last.ratioTo(last.boundUnpinnedMillis());
            toPinned[r] = last.ratioTo(last.boundPinnedMillis());
            if (compareSchedulers) {
                defaults[r] = recorded(config.withScheduler(SchedulerKind.DEFAULT)).wallMillis();
            }
            if (recordingOverhead) {
                unrecorded[r] = unrecorded(config);
            }
        }
        double median = median(walls);
        StringBuilder row = new StringBuilder(String.format(Locale.ROOT,
                "| %s | %d | %.3f | %.3f | %.3f | %.2fx | %.2fx | %,d",
                config.workloadName(), config.parallelism(), median / 1000,
                Arrays.stream(walls).min().orElse(0) / 1000, Arrays.stream(walls).max().orElse(0) / 1000,
                median(toUnpinned), median(toPinned), last.pinnedMounts()));
        if (compareSchedulers) {
            double d = median(defaults);
            row.append(String.format(Locale.ROOT, " | %.3f | %.3f", d / 1000, median / d));
        }
        if (recordingOverhead) {
            double u = median(unrecorded);
            row.append(String.format(Locale.ROOT, " | %.3f | %+.1f%%", u / 1000, (median / u - 1) * 100));
        }
        return row.append(" |").toString();
    }

    private static RunSummary recorded(WorkloadConfig config) throws InterruptedException {
        RecordedRun run = RecordedRun.start(config);
        run.await(Long.MAX_VALUE);
        return run.summary();
    }

    private static double unrecorded(WorkloadConfig config) throws InterruptedException {
        WorkloadRun run = WorkloadRun.start(config, RunObserver.NONE);
        run.await(Long.MAX_VALUE);
        return run.wallNanos() / 1e6;
    }

    /** One small run of each code path so that the first measured cell is not also the JIT's warm-up. */
    private void warmUp() throws InterruptedException {
        WorkloadConfig small = workload.config(LockMode.SYNCHRONIZED, 1).withThreads(Math.min(500, workload.threads));
        for (LockMode mode : List.of(LockMode.NONE, LockMode.SYNCHRONIZED, LockMode.REENTRANT_LOCK)) {
            WorkloadConfig cell = small.withParam(SeedScenario.LOCK, mode.cliName()).withParam(SeedScenario.SLEEP, 0);
            recorded(cell);
            unrecorded(cell);
        }
    }

    private static List<LockMode> runnableModes() {
        List<LockMode> modes = new ArrayList<>();
        for (LockMode mode : LockMode.values()) {
            if (Runtime.version().feature() >= mode.minimumJdk()) {
                modes.add(mode);
            }
        }
        return modes;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
