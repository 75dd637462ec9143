package loomscope.ui.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.scenario.PlatformVsVirtualScenario;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.scenario.WavesScenario;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * A sweep: the same scenario at several sizes, on virtual and on platform threads, one real run per point. For
 * {@code waves} the seed's own K (Abhishek Varshney's 2 .. 32 threads); for {@code platform-vs-virtual} N from 100
 * to 10,000 (platform threads are capped there: one OS thread each). Virtual and platform alternate at each size,
 * so a sweep stopped half-way still compares like with like.
 *
 * @param xLabel what the x axis counts ("K threads")
 * @param points in the order they run
 */
public record SweepPlan(String title, String xLabel, List<Point> points) {

    /** Abhishek Varshney's thread counts (12 cores: past 12 and 24 the virtual threads took a second and third wave). */
    static final int[] WAVES_K = {2, 4, 8, 11, 13, 16, 23, 25, 32};
    static final int[] PLATFORM_VS_VIRTUAL_N = {100, 1_000, 2_000, 5_000, 10_000};

    /** One run of the sweep. */
    public record Point(int x, ThreadKind kind, WorkloadConfig config) { }

    public SweepPlan {
        points = List.copyOf(points);
    }

    /** Whether the window offers a sweep of {@code scenario}. */
    public static boolean supports(Scenario scenario) {
        return scenario instanceof WavesScenario || scenario instanceof PlatformVsVirtualScenario;
    }

    /**
     * The sweep of {@code base}'s scenario with its parameters and P, or null when it has none.
     *
     * @throws loomscope.workload.RunLimits.InvalidRunException if a point's config is refused (it is not, for the
     *         sizes above and any parameters the inputs accept)
     */
    public static SweepPlan of(WorkloadConfig base) {
        Scenario scenario = Scenarios.of(base);
        int[] sizes;
        String xLabel;
        if (scenario instanceof WavesScenario) {
            sizes = WAVES_K;
            xLabel = "K threads";
        } else if (scenario instanceof PlatformVsVirtualScenario) {
            sizes = PLATFORM_VS_VIRTUAL_N;
            xLabel = "N threads";
        } else {
            return null;
        }
        List<Point> points = new ArrayList<>();
        for (int size : sizes) {
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
