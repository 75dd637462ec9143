package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The lanes' axis: a finished run whole, a young live run from its start, an older one as a sliding trail. */
class TimeAxisTest {
    private static final long MS = 1_000_000;
    private static final long TRAIL = 4_000 * MS;

    @Test
    void aFinishedRunIsShownWholeOrAsTheTrailBeforeT() {
        RunRecording r = UnsureRun.record();   // 62 ms
        TimeAxis whole = TimeAxis.of(r, UnsureRun.at(r, 30), TRAIL, true);
        assertEquals(new TimeAxis(r.runStart(), r.settledEnd() - r.runStart(), false), whole);
        assertEquals(r.runStart() + 62 * MS, whole.end(), "to the last unmount");
        assertEquals(100.0, whole.x(whole.start(), 100, 600));
        assertEquals(700.0, whole.x(whole.end(), 100, 600), 1e-9);
        assertEquals(1_000 * MS, TimeAxis.of(r, UnsureRun.at(r, 30), TRAIL, true, 1_000 * MS).span(),
                "beside a 1 s run, on its scale");
        assertEquals(whole, TimeAxis.of(r, UnsureRun.at(r, 30), TRAIL, true, 10 * MS), "never shorter than the run");
        TimeAxis trail = TimeAxis.of(r, UnsureRun.at(r, 30), TRAIL, false);
        assertEquals(new TimeAxis(r.runStart(), TRAIL, false), trail, "younger than the trail: from the run's start");
    }

    @Test
    void anOlderRunSlidesAndCountsBackFromT() {
        RunRecording live = new RunRecording(loomscope.scenario.SeedScenario.config().withThreads(2), "25");
        RunRecorder liveRecorder = new RunRecorder(live);
        liveRecorder.runStarted(System.nanoTime() - 10_000 * MS);
        long t = live.runStart() + 10_000 * MS;
        TimeAxis axis = TimeAxis.of(live, t, TRAIL, true);
        assertTrue(axis.sliding(), "a live run is never shown whole");
        assertEquals(t, axis.end());
        List<TimeAxis.Tick> ticks = axis.ticks(live.runStart(), 8);
        assertEquals(List.of("t", "-1 s", "-2 s", "-3 s", "-4 s"), ticks.stream().map(TimeAxis.Tick::label).toList());
        assertEquals(t - 2_000 * MS, ticks.get(2).time());
    }

    @Test
    void aFixedAxisIsLabelledInTheUnitItsStepReadsBest() {
        assertEquals(List.of("0", "20 ms", "40 ms", "60 ms", "80 ms", "100 ms", "120 ms"), labels(125 * MS));
        assertEquals(List.of("0", "5 s", "10 s", "15 s", "20 s", "25 s"), labels(27_000 * MS));
        assertEquals(List.of("0", "0.5 s", "1.0 s", "1.5 s", "2.0 s", "2.5 s", "3.0 s", "3.5 s", "4.0 s"), labels(TRAIL));
        assertEquals(List.of("0", "1 ms", "2 ms", "3 ms", "4 ms"), labels(4_500_000));
        assertEquals(List.of("0", "100 µs", "200 µs", "300 µs", "400 µs"), labels(450_000));
        for (long span : new long[] {1, 999, 7 * MS, 61 * MS, 31_791 * MS, Long.MAX_VALUE / 4}) {
            List<TimeAxis.Tick> ticks = new TimeAxis(0, span, false).ticks(0, 8);
            assertTrue(ticks.size() >= 2 && ticks.size() <= 9, span + ": " + ticks);
            assertFalse(ticks.get(ticks.size() - 1).time() > span, "no tick past the axis");
        }
    }

    private static List<String> labels(long span) {
        return new TimeAxis(0, span, false).ticks(0, 8).stream().map(TimeAxis.Tick::label).toList();
    }

    @Test
    void labelsAdaptFromMicrosecondsToMinutes() {
        assertEquals("0:30", TimeAxis.label(30_000_000_000L, 15_000_000_000L));
        assertEquals("1:30", TimeAxis.label(90_000_000_000L, 30_000_000_000L));
        assertEquals("10 min", TimeAxis.label(600_000_000_000L, 120_000_000_000L));
        assertEquals(120_000_000_000L, TimeAxis.roundStep(600_000_000_000L, 8), "a 10-minute axis: 2-minute steps");
        assertEquals(1_800_000_000_000L, TimeAxis.roundStep(3_600_000_000_000L * 3, 8), "3 hours: half hours");
        // a millisecond 12 s into a run: seconds with the step's decimals, not "12340100 µs"
        assertEquals("12.3401 s", TimeAxis.label(12_340_100_000L, 100_000L));
        assertEquals("12.3402 s", TimeAxis.label(12_340_200_000L, 100_000L));
        assertEquals("19.65 s", TimeAxis.label(19_650_000_000L, 50_000_000L));
        TimeAxis ms = new TimeAxis(12_340_000_000L, 1_000_000L, false);
        List<TimeAxis.Tick> ticks = ms.ticks(0, 8);
        assertTrue(ticks.size() >= 5, ticks.toString());
        assertEquals("12.3400 s", ticks.get(0).label());
        // a sliding minute: steps of 10 s back from t
        List<String> back = new TimeAxis(0, 60_000_000_000L, true).ticks(0, 8).stream().map(TimeAxis.Tick::label).toList();
        assertEquals(List.of("t", "-10 s", "-20 s", "-30 s", "-40 s", "-50 s", "-60 s"), back);
    }
}
