package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;

/** The recorder writes what a run tells into its recording, relative to the recording's origin. */
class RunRecorderTest {
    private static final long MS = 1_000_000;

    private static RunRecording classInit() {
        return new RunRecording(Scenarios.config(Scenarios.byName("class-init"), Map.of(), 2, 1, SchedulerKind.POOL,
                ThreadKind.VIRTUAL), "25.0.3+9-test");
    }

    @Test
    void timesAreKeptRelativeToTheOriginAndAMountIsLiveUntilItEnds() {
        RunRecording r = classInit();
        RunRecorder recorder = new RunRecorder(r);
        long o = r.origin();
        recorder.runStarted(o + MS);
        recorder.carrierAdded(0, "loomscope-carrier-0", o + MS);
        recorder.phase(0, Phase.CREATED, o + 2 * MS);
        recorder.submitted(0, o + 2 * MS);
        assertTrue(r.liveQueued(0));
        recorder.mountStarted(0, 0, o + 2 * MS, o + 3 * MS);
        assertEquals(0, r.liveCarrierOf(0));
        recorder.mountEnded(0, 0, o + 9 * MS, 0);
        assertEquals(-1, r.liveCarrierOf(0));
        recorder.taskThrew(0, "java.lang.IllegalStateException: x");
        recorder.runEnded(o + 10 * MS, 1, false);
        assertEquals(MS, r.runStart());
        assertEquals(10 * MS, r.runEnd());
        assertEquals(2 * MS, r.phase(0, Phase.CREATED));
        CarrierLog lane = r.carriers()[0];
        assertEquals(1, lane.size());
        assertEquals(3 * MS, lane.start(0));
        assertEquals(9 * MS, lane.end(0));
        assertEquals(1, r.tasksThrew());
        assertEquals(0, r.firstThrow().vt());
        assertFalse(r.wasCancelled());
    }

    @Test
    void aMountItsClocksSawBlockedIsHeldWhereWitnessesWillClassIt() {
        RunRecording plain = classInit();
        RunRecording witnessed = classInit();
        witnessed.expectWitnesses();
        for (RunRecording r : new RunRecording[] {plain, witnessed}) {
            RunRecorder recorder = new RunRecorder(r);
            long o = r.origin();
            recorder.carrierAdded(0, "loomscope-carrier-0", o);
            recorder.mountStarted(0, 1, o, o + MS);
            recorder.mountEnded(0, 1, o + 30 * MS, 20 * MS);
        }
        assertTrue(plain.carriers()[0].pinned(0), "the clocks' word where no witness will come");
        assertFalse(witnessed.carriers()[0].pinned(0), "held, not yet classed: red is a witness's word");
        assertTrue(witnessed.carriers()[0].held(0));
    }
}
