package loomscope.ui.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * A sweep: the same scenario at the sizes it names ({@link Scenario#sweep}: for {@code waves} the seed's own K, for
 * {@code platform-vs-virtual} N from 100 to 10,000), on virtual and on platform threads, one real run per point.
 * Virtual and platform alternate at each size, so a sweep stopped half-way still compares like with like.
 *
 * @param xLabel what the x axis counts ("K threads")
 * @param points in the order they run
 */
public record SweepPlan(String title, String xLabel, List<Point> points) {

    /** One run of the sweep. */
    public record Point(int x, ThreadKind kind, WorkloadConfig config) { }

    public SweepPlan {
        points = List.copyOf(points);
    }

    /** Whether the window offers a sweep of {@code scenario}: whether it names the sizes to run ({@link Scenario#sweep}). */
    public static boolean supports(Scenario scenario) {
        return scenario != null && scenario.sweep() != null;
    }

    /**
     * The sweep of {@code base}'s scenario with its parameters and P, or null when it has none.
     *
     * @throws loomscope.workload.RunLimits.InvalidRunException if a point's config is refused (it is not, for the
     *         scenarios' sizes and any parameters the inputs accept)
     */
    public static SweepPlan of(WorkloadConfig base) {
        Scenario scenario = Scenarios.of(base);
        Scenario.Sweep sweep = scenario.sweep();
        if (sweep == null) {
            return null;
        }
        String xLabel = sweep.xLabel();
        List<Point> points = new ArrayList<>();
        for (int size : sweep.sizes()) {
            for (ThreadKind kind : ThreadKind.values()) {
                points.add(new Point(size, kind, Scenarios.config(scenario, base.scenario().values(), size,
                        base.parallelism(), base.scheduler(), kind)));
            }
        }
        String title = String.format(Locale.ROOT, "%s %s, P=%d: time against %s, virtual vs platform",
                scenario.name(), base.scenario().text(), base.parallelism(), xLabel.split(" ")[0]);
        return new SweepPlan(title, xLabel, points);
    }
}
