package loomscope.matrix;

import loomscope.jdks.LegacyLocking;
import loomscope.runs.RunTarget;

import java.util.List;

import loomscope.scenario.Scenario;
import loomscope.workload.RunLimits;

/**
 * What the pinning matrix runs: each scenario (rows) on each JVM (columns), every run at the same small size.
 *
 * @param threads     tasks per run
 * @param parallelism carriers per run
 */
public record MatrixPlan(List<Scenario> scenarios, List<RunTarget.ChildJvm> jvms, int threads, int parallelism) {

    public static final int DEFAULT_THREADS = 200;
    public static final int DEFAULT_PARALLELISM = 2;
    /** Every cell is a child JVM run one after another: a larger matrix is a benchmark, not a slide. */
    public static final int MAX_THREADS = 100_000;

    /** @throws IllegalArgumentException naming the first bad field ({@code threads}, {@code parallelism}, ...) */
    public MatrixPlan {
        scenarios = List.copyOf(scenarios);
        jvms = List.copyOf(jvms);
        if (scenarios.isEmpty()) {
            throw new IllegalArgumentException("scenarios: none chosen");
        }
        if (jvms.isEmpty()) {
            throw new IllegalArgumentException("jvms: none found");
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads: must be 1.." + MAX_THREADS + ", was " + threads);
        }
        if (parallelism < 1 || parallelism > RunLimits.MAX_PARALLELISM) {
            throw new IllegalArgumentException("parallelism: must be 1.." + RunLimits.MAX_PARALLELISM + ", was " + parallelism);
        }
    }

    public int cellCount() {
        return scenarios.size() * jvms.size();
    }

    /** The scenario of cell {@code index}: cells go row by row, a scenario on every JVM before the next scenario. */
    public Scenario scenarioOf(int index) {
        return scenarios.get(index / jvms.size());
    }

    /** The rows' names, for the tables and the slide (report does not use scenario). */
    public List<String> rowNames() {
        return scenarios.stream().map(Scenario::name).toList();
    }

    public RunTarget.ChildJvm jvmOf(int index) {
        return jvms.get(index % jvms.size());
    }

    /** The column's heading: "Java 25", "Java 25 + legacy locking", "Java 21". */
    public static String columnName(RunTarget.ChildJvm jvm) {
        return "Java " + jvm.jdk().feature() + (jvm.jvmArgs().contains(LegacyLocking.FLAG) ? " + legacy locking"
                : jvm.jvmArgs().isEmpty() ? "" : " " + String.join(" ", jvm.jvmArgs()));
    }
}
