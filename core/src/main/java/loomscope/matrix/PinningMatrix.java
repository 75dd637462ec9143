package loomscope.matrix;

import loomscope.jdks.JdkDiscovery;
import loomscope.runs.ChildRun;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.runs.RunTargets;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Collectors;

import loomscope.probe.CauseReport;
import loomscope.probe.JfrCrossCheck;
import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.recording.PinnedRule;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.workload.RunLimits;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * "What still pins today, where?": each scenario run for real in a child JVM of each runtime, one at a time, with
 * JFR's pinned events on, so that every cell's count stands beside the JDK's own count from the same run.
 * A run in this JVM would share its JIT and carriers with the others: every cell is a child, this JDK's too.
 */
public final class PinningMatrix {

    /** How often a running cell looks at its stop flag. */
    private static final long POLL_MILLIS = 50;
    private static final int MAX_WHY_CHARS = 60;

    private PinningMatrix() { }

    /** Told as each cell ends, on the thread that runs the matrix. */
    public interface Listener {
        void cellDone(int index, MatrixCell cell);
    }

    /**
     * The columns: this JDK first, then with legacy locking where that still changes something, then every other
     * usable runtime found (and its legacy preset), as the window's Run-on list offers them. Starts
     * {@code java -version} per JDK 24+: not on the FX thread.
     */
    public static List<RunTarget.ChildJvm> jvmsFound(JdkDiscovery.Found found) {
        Path thisHome = realPath(Path.of(System.getProperty("java.home")));
        List<RunTarget.ChildJvm> jvms = new ArrayList<>();
        for (RunTarget t : RunTargets.offer(found)) {
            if (t instanceof RunTarget.ChildJvm child) {
                jvms.add(child);
            }
        }
        // stable: the JDKs keep discovery's order (newest first) behind this one
        jvms.sort(Comparator.comparing(j -> !realPath(j.jdk().home()).equals(thisHome)));
        return List.copyOf(jvms);
    }

    /** Runs every cell in order; once {@code stop} says so, the running cell is stopped and the rest are not run. */
    public static List<MatrixCell> run(MatrixPlan plan, BooleanSupplier stop, Listener listener) throws InterruptedException {
        List<MatrixCell> cells = new ArrayList<>();
        for (int i = 0; i < plan.cellCount(); i++) {
            MatrixCell cell = stop.getAsBoolean() ? notRun(plan, i, MatrixCell.STOPPED)
                    : runCell(plan.scenarioOf(i), plan.jvmOf(i), plan.threads(), plan.parallelism(), stop);
            cells.add(cell);
            listener.cellDone(i, cell);
        }
        return cells;
    }

    public static MatrixCell notRun(MatrixPlan plan, int index, String why) {
        return new MatrixCell.NotRun(plan.scenarioOf(index).name(), MatrixPlan.columnName(plan.jvmOf(index)), why);
    }

    /** One cell: {@code scenario} with its default values at {@code threads} × {@code parallelism} on {@code jvm}. */
    public static MatrixCell runCell(Scenario scenario, RunTarget.ChildJvm jvm, int threads, int parallelism,
                                     BooleanSupplier stop) throws InterruptedException {
        String column = MatrixPlan.columnName(jvm);
        if (stop.getAsBoolean()) {
            return new MatrixCell.NotRun(scenario.name(), column, MatrixCell.STOPPED);
        }
        WorkloadConfig config;
        try {
            config = Scenarios.config(scenario, Map.of(), threads, parallelism, SchedulerKind.POOL, ThreadKind.VIRTUAL);
        } catch (RunLimits.InvalidRunException e) {
            return new MatrixCell.NotRun(scenario.name(), column, shortWhy(e.getMessage()));
        }
        ChildRun run = ChildRun.start(jvm, config, ChildRun.Options.plain().withProbes(true, 0));
        boolean stopped = false;
        while (!run.await(POLL_MILLIS)) {
            if (!stopped && stop.getAsBoolean()) {
                run.stop();
                stopped = true;
            }
        }
        RunOutcome outcome = run.outcome();
        RunRecording recording = run.recording();
        // Ctrl+C reaches the child too (or its leftovers' hook kills it): a run that did not complete after a stop
        // was stopped, whatever its outcome says
        boolean stopAsked = stopped || stop.getAsBoolean();
        if (outcome instanceof RunOutcome.Cancelled || stopAsked && !(outcome instanceof RunOutcome.Completed)) {
            return new MatrixCell.NotRun(scenario.name(), column, MatrixCell.STOPPED);
        }
        if (outcome.isError() || recording == null || !recording.isFinished()) {
            return new MatrixCell.NotRun(scenario.name(), column, shortWhy(outcome.describe()));
        }
        return measured(scenario.name(), column, jvm.jvmArgs(), recording, run.pinnedEvents(), run.causes());
    }

    /** The cell's numbers from one finished run and the events JFR delivered for it. */
    static MatrixCell.Measured measured(String scenario, String column, List<String> jvmFlags, RunRecording recording,
                                        List<PinnedEvent> events) {
        return measured(scenario, column, jvmFlags, recording, events, null);
    }

    /**
     * As above; {@code causes}: the classes the JDK's witnesses gave the run's mounts (null: not classed). Where JFR's
     * pinned events name no reason (JDK 21's name none, and post none for a monitor), the reason of the pinned mounts'
     * main site stands in: on 21, JFR's monitor events name Object.wait or the contended enter.
     */
    static MatrixCell.Measured measured(String scenario, String column, List<String> jvmFlags, RunRecording recording,
                                        List<PinnedEvent> events, CauseReport causes) {
        RunSummary summary = RunSummary.of(recording);
        JfrCrossCheck check = JfrCrossCheck.of(events, recording);
        List<String> leftOver = new ArrayList<>();
        // a pin shorter than the floor a mount must block to be classed is no disagreement: only those of the floor
        JfrCrossCheck atFloor = JfrCrossCheck.of(events.stream()
                .filter(e -> e.duration() >= PinnedRule.MIN_BLOCKED_NANOS).toList(), recording);
        if (atFloor.unmatchedEvents() > 0) {
            leftOver.add(atFloor.unmatchedEvents() + " JFR events of 1 ms or more without a pinned mount");
        }
        // JDK 21's pinned event covers parks only: there a monitor's or Object.wait's pin is witnessed by JFR's monitor
        // events instead, and a pinned mount without a pinned event is no disagreement
        if (check.pinnedMountsWithoutEvent() > 0 && pinnedEventCoversEveryPin(recording.jdkVersion())) {
            leftOver.add(check.pinnedMountsWithoutEvent() + " pinned mounts without a JFR event");
        }
        String reason = topReason(events);
        if (causes != null && causes.classified() && events.stream().allMatch(e -> e.reason() == null)) {
            reason = causes.sites().stream().filter(site -> site.kind().equals("pinned") && site.reason() != null)
                    .map(CauseReport.Site::reason).findFirst().orElse(reason);
        }
        return new MatrixCell.Measured(scenario, column, jvmFlags, summary.pinnedMounts(), summary.mounts(), events.size(),
                reason, summary.wallMillis(), summary.carriersAddedByPool(),
                leftOver.isEmpty() ? null : String.join(", ", leftOver), recording, events);
    }

    private static boolean pinnedEventCoversEveryPin(String jdkVersion) {
        try {
            return Runtime.Version.parse(jdkVersion).feature() >= 24;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    /** JDK 24+ names the reason; JDK 21's event does not, so its most common top application frame stands in. */
    static String topReason(List<PinnedEvent> events) {
        Function<PinnedEvent, String> why = e -> {
            if (e.reason() != null) {
                return e.reason();
            }
            StackFrame top = e.topApplicationFrame();
            return top == null ? null : "in " + top.shortName();
        };
        return events.stream().map(why).filter(w -> w != null && !w.isBlank())
                .collect(Collectors.groupingBy(w -> w, Collectors.counting()))
                .entrySet().stream().max(Map.Entry.<String, Long>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(Map.Entry::getKey).orElse(null);
    }

    /** A cell is a few words: the first line of the child's message, cut. */
    static String shortWhy(String message) {
        String line = message == null || message.isBlank() ? "failed" : message.strip().lines().findFirst().orElse("failed");
        return line.length() <= MAX_WHY_CHARS ? line : line.substring(0, MAX_WHY_CHARS - 1) + "…";
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
