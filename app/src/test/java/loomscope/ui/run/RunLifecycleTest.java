package loomscope.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

import loomscope.recording.RunRecording;
import loomscope.runs.LiveRun;
import loomscope.runs.RunOutcome;
import loomscope.runs.RunTarget;
import loomscope.scenario.SeedScenario;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** The run's state machine with a fake starter, no JavaFX toolkit and no thread: the test runs the starter's task. */
class RunLifecycleTest {
    private static final WorkloadConfig CONFIG = SeedScenario.config().withThreads(4).withParallelism(2);
    private static final RunTarget HERE = new RunTarget.ThisJvm();

    /** Holds the starter's task until the test runs it: the FX side and the starter thread, interleaved by hand. */
    private final ArrayDeque<Runnable> starterThread = new ArrayDeque<>();
    private final Executor executor = starterThread::add;
    private final List<String> heard = new ArrayList<>();
    private FakeRun run;
    private int starts;

    private RunLifecycle lifecycle(RunLifecycle.Starter starter) {
        RunLifecycle l = new RunLifecycle(executor, starter);
        l.setListener(new RunLifecycle.Listener() {
            @Override public void started(LiveRun r) { heard.add("started"); }

            @Override public void failedToStart(StartFailure f) { heard.add("failed: " + f.reason()); }

            @Override public void began(RunRecording r) { heard.add("began"); }

            @Override public void ended(RunLifecycle.Ended end) {
                heard.add("ended " + end.outcome().describe() + (end.recordedAnything() ? "" : ", nothing recorded")
                        + " while " + l.state());
            }
        });
        return l;
    }

    private RunLifecycle fakeRuns() {
        return lifecycle((config, where) -> {
            starts++;
            run = new FakeRun(config, where);
            return run;
        });
    }

    private void runStarterThread() {
        starterThread.remove().run();
    }

    @Test
    void idleStartingRunningFinished() {
        RunLifecycle l = fakeRuns();
        assertEquals(RunState.IDLE, l.state());

        assertTrue(l.start(CONFIG, HERE));
        assertEquals(RunState.STARTING, l.state());
        assertEquals(0, starts, "nothing starts on the caller's thread");
        l.pulse();
        assertEquals(RunState.STARTING, l.state(), "the starter has not handed anything over yet");

        runStarterThread();
        l.pulse();
        assertEquals(RunState.STARTING, l.state(), "a child JVM still starting: no recording yet");
        assertEquals(List.of("started"), heard);

        RunRecording r = run.hello();
        run.runStarted(1_000_000_000L);
        l.pulse();
        assertEquals(RunState.RUNNING, l.state());
        assertSame(r, l.recordingProperty().get());
        assertTrue(l.elapsedSecondsProperty().get() >= 0);

        run.end(3_500_000_000L, 4, new RunOutcome.Completed());
        l.pulse();
        assertEquals(RunState.FINISHED, l.state());
        assertEquals(2.5, l.elapsedSecondsProperty().get(), 1e-9, "the clock ends at the run's own wall time");
        assertSame(r, l.recordingProperty().get(), "the finished run stays on show");
        assertEquals(List.of("started", "began", "ended completed while RUNNING"), heard,
                "the owner hears the end before the state says so");
        assertSame(CONFIG, l.config());
        assertSame(HERE, l.target());
    }

    @Test
    void aSecondStartWhileActiveIsRefused() {
        RunLifecycle l = fakeRuns();
        assertTrue(l.start(CONFIG, HERE));
        assertFalse(l.start(CONFIG, HERE));
        assertEquals(1, starterThread.size());
    }

    @Test
    void stopBeforeStartStopsTheRunAsSoonAsItIsHandedOver() {
        RunLifecycle l = fakeRuns();
        l.start(CONFIG, HERE);
        assertFalse(l.stop(), "nothing to stop yet");
        runStarterThread();
        assertEquals(0, run.stops);
        l.pulse();
        assertEquals(1, run.stops, "stopped on hand-over");

        run.hello();
        run.runStarted(0);
        run.end(1_000_000L, 1, new RunOutcome.Cancelled("stopped by the user"));
        l.pulse();
        assertEquals(RunState.FINISHED, l.state(), "a stopped run's recording can be replayed");
        assertEquals("ended cancelled (stopped by the user) while RUNNING", heard.getLast());
    }

    @Test
    void stopWhileAChildJvmStartsStopsItAtOnce() {
        RunLifecycle l = fakeRuns();
        l.start(CONFIG, HERE);
        runStarterThread();
        l.pulse();
        assertTrue(l.stop(), "handed over, no recording yet: stopped now");
        assertEquals(1, run.stops);
    }

    @Test
    void stopWhileRunningAndStopWhenIdle() {
        RunLifecycle l = fakeRuns();
        assertFalse(l.stop(), "idle: nothing to stop");
        l.start(CONFIG, HERE);
        runStarterThread();
        run.hello();
        l.pulse();
        assertTrue(l.stop());
        assertEquals(1, run.stops);
    }

    @Test
    void aStarterThatThrowsGoesBackToIdle() {
        RunLifecycle l = lifecycle((config, where) -> {
            throw new IllegalStateException("no such JDK");
        });
        l.start(CONFIG, HERE);
        runStarterThread();
        l.pulse();
        assertEquals(RunState.IDLE, l.state());
        assertEquals(List.of("failed: no such JDK"), heard);
        assertTrue(l.start(CONFIG, HERE), "usable again");
    }

    @Test
    void aFailureWithoutMessageIsNamedByItsType() {
        assertEquals("java.lang.NullPointerException", new StartFailure(new NullPointerException()).reason());
    }

    @Test
    void aRunThatEndsWithNothingRecordedFailedToStart() {
        RunLifecycle l = fakeRuns();
        l.start(CONFIG, HERE);
        runStarterThread();
        l.pulse();
        run.end(0, 0, new RunOutcome.Crashed(1, "Unrecognized VM option", null, List.of("Unrecognized VM option")));
        l.pulse();
        assertEquals(RunState.IDLE, l.state());
        assertTrue(heard.getLast().endsWith(", nothing recorded while STARTING"), heard.getLast());
    }

    @Test
    void aFailedRunKeepsWhatItRecorded() {
        RunLifecycle l = fakeRuns();
        l.start(CONFIG, HERE);
        runStarterThread();
        run.hello();
        run.runStarted(0);
        l.pulse();
        RunLifecycle.Ended[] end = new RunLifecycle.Ended[1];
        l.setListener(new RunLifecycle.Listener() {
            @Override public void ended(RunLifecycle.Ended e) { end[0] = e; }
        });
        run.end(2_000_000L, 1, new RunOutcome.StreamBroken("EOF"));
        l.pulse();
        assertEquals(RunState.FINISHED, l.state());
        assertInstanceOf(RunOutcome.StreamBroken.class, end[0].outcome());
        assertNotNull(end[0].summary());
        assertEquals(4, end[0].summary().threads());
    }

    @Test
    void clearRecordingForgetsTheLastRunOnlyBetweenRuns() {
        RunLifecycle l = fakeRuns();
        l.start(CONFIG, HERE);
        runStarterThread();
        run.hello();
        l.pulse();
        l.clearRecording();
        assertNotNull(l.recordingProperty().get(), "not while it runs");
        run.end(0, 0, new RunOutcome.Completed());
        l.pulse();
        l.clearRecording();
        assertNull(l.recordingProperty().get());
    }
}
