package loomscope.ui.recordingview;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.scenario.SeedScenario;

/** The visible range without a window: follow, zoom around a point, pan, fit, a dragged range, bounds (issue #46). */
class TimeViewModelTest {
    private static final long S = 1_000_000_000L;
    private static final long MS = 1_000_000L;

    /** A finished run of 60 s: one carrier, a 5 ms mount each second. */
    private static RunRecording sixtySeconds() {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(60), "25.0.3+9-LTS")
                .carrier(0, "ForkJoinPool-1-worker-1", 0, false);
        for (int i = 0; i < 60; i++) {
            b.mount(0, i, i * S, i * S, i * S + 5 * MS, i == 30);
        }
        return b.finish(0, 60 * S, 60, false);
    }

    private static TimeAxis followed(RunRecording r, long t) {
        return TimeAxis.of(r, t, 10 * S, true);
    }

    @Test
    void followsUntilTheUserZoomsThenHoldsTheRangeUntilEndOrWhole() {
        RunRecording r = sixtySeconds();
        TimeViewModel time = new TimeViewModel();
        assertTrue(time.following());
        TimeAxis whole = time.axis(r, r.settledEnd(), followed(r, r.settledEnd()));
        assertEquals(followed(r, r.settledEnd()), whole, "following: what the lanes' trail shows");

        time.zoom(0.5, 0.5);   // around the middle: half as wide, the middle stays the middle
        assertFalse(time.following());
        TimeAxis zoomed = time.axis(r, r.settledEnd(), followed(r, r.settledEnd()));
        assertEquals(whole.span() / 2, zoomed.span(), MS);
        assertEquals(whole.start() + whole.span() / 2, zoomed.start() + zoomed.span() / 2, MS);

        time.zoom(0.0, 0.5);   // around the left edge: it stays put
        TimeAxis left = time.axis(r, r.settledEnd(), null);
        assertEquals(zoomed.start(), left.start());
        assertEquals(zoomed.span() / 2, left.span(), 1);

        time.follow();
        assertEquals(whole, time.axis(r, r.settledEnd(), followed(r, r.settledEnd())), "End: following again");
        time.fitWhole();
        TimeAxis fit = time.axis(r, r.settledEnd(), null);
        assertEquals(r.runStart(), fit.start());
        assertEquals(r.settledEnd(), fit.end());
    }

    @Test
    void zoomsToAMillisecondAndBackPanningStopsAtTheSessionsEdges() {
        RunRecording r = sixtySeconds();
        TimeViewModel time = new TimeViewModel();
        time.axis(r, r.settledEnd(), followed(r, r.settledEnd()));
        time.showRange(30 * S, 30 * S + MS);
        TimeAxis ms = time.axis(r, r.settledEnd(), null);
        assertEquals(new TimeAxis(30 * S, MS, false), ms);
        for (int i = 0; i < 200; i++) {
            time.zoom(0.3, TimeViewModel.ZOOM_STEP);
        }
        TimeAxis out = time.axis(r, r.settledEnd(), null);
        assertEquals(new TimeAxis(r.runStart(), r.settledEnd() - r.runStart(), false), out, "never wider than the session");
        for (int i = 0; i < 200; i++) {
            time.zoom(0.3, 1 / TimeViewModel.ZOOM_STEP);
        }
        assertEquals(TimeViewModel.MIN_SPAN, time.axis(r, r.settledEnd(), null).span(), "never narrower than 1 µs");

        time.showRange(10 * S, 20 * S);
        time.pan(-5);   // far back: stops at the start
        assertEquals(new TimeAxis(r.runStart(), 10 * S, false), time.axis(r, r.settledEnd(), null));
        time.pan(0.25);
        assertEquals(r.runStart() + 2_500 * MS, time.axis(r, r.settledEnd(), null).start());
        time.panBy(100 * S);   // far forward: stops at the end
        assertEquals(r.settledEnd(), time.axis(r, r.settledEnd(), null).end());
        time.centreOn(30 * S);
        assertEquals(25 * S, time.axis(r, r.settledEnd(), null).start());
        time.showRange(40 * S, 38 * S);   // dragged right to left
        assertEquals(new TimeAxis(38 * S, 2 * S, false), time.axis(r, r.settledEnd(), null));
    }

    @Test
    void aLiveRunFollowedHasNowAtItsRightEdgeAndARangeHeldStaysWhileItGrows() {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(1), "25.0.3+9-LTS")
                .carrier(0, "ForkJoinPool-1-worker-1", 0, false);
        b.mount(0, 0, S, S, 2 * S, false);
        RunRecording live = b.finish(0, -1, 0, false);   // no end yet: live
        TimeViewModel time = new TimeViewModel();
        long now = 30 * S;
        TimeAxis axis = time.axis(live, now, TimeAxis.of(live, now, 10 * S, true));
        assertEquals(now, axis.end());
        assertEquals(10 * S, axis.span());
        time.pan(-0.5);
        TimeAxis held = time.axis(live, now, TimeAxis.of(live, now, 10 * S, true));
        assertEquals(now - 15 * S, held.start());
        assertEquals(held, time.axis(live, now + 5 * S, TimeAxis.of(live, now + 5 * S, 10 * S, true)), "it stays");
        time.follow();
        assertEquals(now + 5 * S, time.axis(live, now + 5 * S, TimeAxis.of(live, now + 5 * S, 10 * S, true)).end());
    }

    @Test
    void aSelectionIsAMountsStartForgottenWithItsRunAndEveryChangeCounts() {
        RunRecording r = sixtySeconds();
        TimeViewModel time = new TimeViewModel();
        int before = time.version();
        time.select(r, 0, 7);
        assertEquals(0, time.selectedCarrier());
        assertEquals(7, time.selectedMount(r));
        assertTrue(time.version() > before);
        time.select(r, 0, 60);
        assertEquals(-1, time.selectedMount(r), "no such mount: nothing selected");
        time.select(r, 0, 7);
        time.newRecording();
        assertEquals(-1, time.selectedCarrier());
        assertEquals(-1, time.selectedMount(r));
    }
}
