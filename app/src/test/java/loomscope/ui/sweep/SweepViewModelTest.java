package loomscope.ui.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import loomscope.runs.RunTarget;
import loomscope.runs.RunTargets;
import loomscope.scenario.Scenarios;
import loomscope.scenario.SeedScenario;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** The sweep's model as plain JUnit: real runs (small), one after another, on the test's thread. */
class SweepViewModelTest {
    private static final RunTarget HERE = new RunTarget.ThisJvm();

    private static WorkloadConfig waves(int sleepMillis, int parallelism) {
        return Scenarios.config(Scenarios.byName("waves"), Map.of("sleep-ms", Integer.toString(sleepMillis)), null,
                parallelism, SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    @Test
    void wavesSweepsTheSeedsKOnVirtualAndPlatformThreads() {
        SweepPlan plan = SweepPlan.of(waves(400, 12));
        assertEquals(18, plan.points().size());
        assertEquals(List.of(2, 2, 4, 4, 8, 8, 11, 11, 13, 13, 16, 16, 23, 23, 25, 25, 32, 32),
                plan.points().stream().map(SweepPlan.Point::x).toList());
        for (SweepPlan.Point p : plan.points()) {
            assertEquals(p.x(), p.config().threads());
            assertEquals(p.kind(), p.config().threadKind());
            assertEquals(12, p.config().parallelism());
            assertEquals("400", p.config().scenario().value("sleep-ms"));
        }
        assertEquals(ThreadKind.VIRTUAL, plan.points().get(0).kind(), "virtual first, then platform, at each K");
        assertEquals("K threads", plan.xLabel());
        assertEquals(10_000, SweepPlan.of(Scenarios.config(Scenarios.byName("platform-vs-virtual"), Map.of(), null, 1,
                SchedulerKind.POOL, ThreadKind.VIRTUAL)).points().getLast().x(), "platform threads stop at 10,000");
        assertNull(SweepPlan.of(SeedScenario.config()));
        assertFalse(SweepPlan.supports(Scenarios.byName("object-wait")));
    }

    @Test
    void aSweepRunsEveryPointForRealAndHandsTheTimesOverInThePulse() {
        SweepViewModel m = new SweepViewModel(Runnable::run, RunTargets::start);
        m.start(waves(20, 4), HERE);   // the direct executor: the first point's run is done when start returns
        assertTrue(m.results().isEmpty(), "nothing reaches the FX side before its pulse");
        m.pulse();
        assertEquals(1, m.results().size(), "each pulse takes up the point that ended and starts the next");
        pulseUntilDone(m);
        assertFalse(m.runningProperty().get());
        assertEquals("All 18 runs done.", m.messageProperty().get());
        assertEquals(1.0, m.progressProperty().get());
        assertEquals(18, m.results().size());
        for (SweepViewModel.Result r : m.results()) {
            assertTrue(r.completed(), r.toString());
            // every thread sleeps 20 ms: no run can be faster; this JDK unmounts, so no wave needs more than one sleep each
            assertTrue(r.seconds() >= 0.020, r.toString());
            assertEquals(Runtime.version().toString(), r.jdk());
        }
    }

    @Test
    void cancelStopsTheRunGoingAndRunsNoMore() {
        List<Integer> startedPoints = new ArrayList<>();
        SweepViewModel[] model = new SweepViewModel[1];
        model[0] = new SweepViewModel(Runnable::run, (where, config) -> {
            startedPoints.add(config.threads());
            if (startedPoints.size() == 3) {
                model[0].cancel();   // as if pressed during the third run
            }
            return RunTargets.start(where, config);
        });
        model[0].start(waves(200, 1), HERE);
        pulseUntilDone(model[0]);
        assertEquals(3, startedPoints.size(), "no point after the cancel");
        assertEquals(2, model[0].results().size(), "the runs before it keep their times");
        assertTrue(model[0].messageProperty().get().startsWith("Cancelled during virtual 4"), model[0].messageProperty().get());
        assertFalse(model[0].runningProperty().get());
    }

    @Test
    void aScenarioWithoutASweepOrBadInputsSayWhy() {
        SweepViewModel m = new SweepViewModel(Runnable::run, RunTargets::start);
        m.start(SeedScenario.config(), HERE);
        assertEquals("Sweeps are for waves and platform-vs-virtual; seed has none.", m.messageProperty().get());
        m.start(null, HERE);
        assertEquals("The window's inputs are not valid: fix them first.", m.messageProperty().get());
        assertFalse(m.runningProperty().get());
    }

    /** Each pulse takes up one point (the direct executor runs the next within it); a sweep has at most 18. */
    private static void pulseUntilDone(SweepViewModel m) {
        for (int frame = 0; frame < 100 && m.runningProperty().get(); frame++) {
            m.pulse();
        }
    }
}
