package loomscope.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkDiscovery;
import loomscope.jdks.JdkInspector;
import loomscope.jdks.JdkInstall;
import loomscope.matrix.MatrixCell;
import loomscope.matrix.MatrixPlan;
import loomscope.matrix.PinningMatrix;
import loomscope.runs.RunTarget;
import loomscope.report.MatrixFiles;
import loomscope.report.MatrixTables;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.workload.RunLimits;

/**
 * {@code bench --matrix}: every scenario on every JVM found, each cell a real run in a child JVM with JFR on
 * ({@link PinningMatrix}); progress per cell on stderr, the Markdown table on stdout, and with {@code --out} the
 * table, a CSV and a slide. Ctrl+C stops the running cell; the rest say "not run (stopped)" and the partial table
 * is still printed and written.
 */
final class MatrixBench {

    /** How long Ctrl+C waits for the partial table to be printed and written before the JVM goes. */
    private static final long STOP_GRACE_SECONDS = 20;

    /** Inputs the matrix does not use: refused, not ignored, so that nobody believes they took effect. */
    private static final List<String> NOT_USED = List.of("--modes", "--compare-schedulers", "--recording-overhead",
            "--scenario", "--param", "--lock", "--thread-kind", "--scheduler", "--cpu-iterations", "--sleep-ms", "--repeats");

    private MatrixBench() { }

    /** What the command line asked for, every input checked; nothing has run or been created yet. */
    record Request(MatrixPlan plan, Path out) { }

    static Request check(picocli.CommandLine.ParseResult parsed, int threads, List<Integer> parallelisms,
                         List<String> scenarioNames, List<Path> jdks, Path out) {
        if (parsed.hasMatchedOption("--threads") && (threads < 1 || threads > MatrixPlan.MAX_THREADS)) {
            throw new BadOption("--threads", "must be 1.." + MatrixPlan.MAX_THREADS + " for --matrix, was " + threads);
        }
        int parallelism = MatrixPlan.DEFAULT_PARALLELISM;
        if (parsed.hasMatchedOption("--parallelism")) {
            if (parallelisms.size() != 1) {
                throw new BadOption("--parallelism", "takes one value with --matrix, was " + parallelisms);
            }
            parallelism = parallelisms.get(0);
            if (parallelism < 1 || parallelism > RunLimits.MAX_PARALLELISM) {
                throw new BadOption("--parallelism", "must be 1.." + RunLimits.MAX_PARALLELISM + ", was " + parallelism);
            }
        }
        List<Scenario> scenarios = scenarioNames == null ? Scenarios.ALL : scenarios(scenarioNames);
        List<JdkInstall> named = new ArrayList<>();
        for (Path jdk : jdks) {
            JdkCheck check = new JdkInspector().inspect(jdk, "--jdk");
            if (check instanceof JdkCheck.Refused r) {
                throw new BadOption("--jdk", r.reason());
            }
            named.add(((JdkCheck.Accepted) check).jdk());
        }
        Path folder = out == null ? null : OutputPaths.folder(out, "--out");
        if (folder != null && !MatrixFiles.existing(folder).isEmpty()) {
            throw new BadOption("--out", MatrixFiles.existing(folder).get(0)
                    + " already exists; LoomScope does not overwrite files: name a new folder");
        }
        for (String option : NOT_USED) {
            if (parsed.hasMatchedOption(option)) {
                throw new BadOption(option, "is not used by bench --matrix (each cell runs a scenario with its defaults); "
                        + "use --threads N, --parallelism P, --scenarios, --jdk, --out");
            }
        }
        List<RunTarget.ChildJvm> jvms = named.isEmpty() ? discovered() : thisJdkAnd(named);
        return new Request(new MatrixPlan(scenarios, jvms, parsed.hasMatchedOption("--threads") ? threads
                : MatrixPlan.DEFAULT_THREADS, parallelism), folder);
    }

    static int run(Request request, PrintWriter out, PrintWriter err) throws InterruptedException {
        MatrixPlan plan = request.plan();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch printed = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stop.set(true);
            try {
                printed.await(STOP_GRACE_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "loomscope-matrix-stop");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        try {
            err.printf(Locale.ROOT, "loomscope: pinning matrix: %d scenarios × %d JVMs, %,d threads, P %d, one child JVM at a time%n",
                    plan.scenarios().size(), plan.jvms().size(), plan.threads(), plan.parallelism());
            err.flush();
            List<MatrixCell> cells = PinningMatrix.run(plan, stop::get, (i, cell) -> {
                err.printf(Locale.ROOT, "[%d/%d] %s on %s: %s%n", i + 1, plan.cellCount(), cell.scenario(), cell.jvm(),
                        MatrixTables.text(cell));
                err.flush();
            });
            String subtitle = subtitle(plan);
            out.println(subtitle);
            out.println();
            out.print(MatrixTables.markdown(plan, cells));
            out.flush();
            int code = stop.get() ? 130 : 0;
            if (request.out() != null) {
                try {
                    for (Path p : MatrixFiles.write(request.out(), plan, cells, subtitle)) {
                        err.println("loomscope: wrote " + p);
                    }
                } catch (IOException e) {
                    err.println("loomscope: failed: " + e.getMessage());
                    code = 1;
                }
                err.flush();
            }
            return code;
        } finally {
            printed.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onCtrlC);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl+C: the hook is running and waits for this very moment
            }
        }
    }

    static String subtitle(MatrixPlan plan) {
        return String.format(Locale.ROOT, "%,d virtual threads · P %d · each cell one run in a child JVM with JFR's pinned "
                + "events on · %s", plan.threads(), plan.parallelism(), LocalDate.now());
    }

    private static List<Scenario> scenarios(List<String> names) {
        Map<String, Scenario> chosen = new LinkedHashMap<>();
        for (String name : names) {
            Scenario s;
            try {
                s = Scenarios.chosenByName(name);
            } catch (RunLimits.InvalidRunException e) {
                throw new BadOption("--scenarios", "must name scenarios of " + Scenarios.names() + ", was '" + name + "'");
            }
            if (chosen.putIfAbsent(s.name(), s) != null) {
                throw new BadOption("--scenarios", s.name() + " is named twice");
            }
        }
        if (chosen.isEmpty()) {
            throw new BadOption("--scenarios", "names no scenario");
        }
        return List.copyOf(chosen.values());
    }

    /** Without --jdk: as the window's Run-on list (this JDK, its legacy preset, every other usable runtime). */
    private static List<RunTarget.ChildJvm> discovered() {
        return PinningMatrix.jvmsFound(new JdkDiscovery(JdkDiscovery.Places.ofThisMachine(List.of()), new JdkInspector()).discover());
    }

    /** With --jdk: this JDK and the named ones, each with its legacy preset where it applies. */
    private static List<RunTarget.ChildJvm> thisJdkAnd(List<JdkInstall> named) {
        List<JdkInstall> usable = new ArrayList<>();
        if (new JdkInspector().inspect(Path.of(System.getProperty("java.home")), "this JVM") instanceof JdkCheck.Accepted a) {
            usable.add(a.jdk());
        }
        usable.addAll(named);
        return PinningMatrix.jvmsFound(new JdkDiscovery.Found(dedupe(usable), List.of()));
    }

    private static List<JdkInstall> dedupe(List<JdkInstall> jdks) {
        Map<Path, JdkInstall> byHome = new LinkedHashMap<>();
        for (JdkInstall j : jdks) {
            Path home;
            try {
                home = j.home().toRealPath();
            } catch (IOException e) {
                home = j.home().toAbsolutePath().normalize();
            }
            byHome.putIfAbsent(home, j);
        }
        return List.copyOf(byHome.values());
    }
}
