package loomscope.ui.lanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import loomscope.recording.CarrierLog;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;

/**
 * The running pass skips the mounts that end inside what is already painted (a lane of an attached yield loop has
 * thousands a pixel) and paints exactly the rectangles that handing every mount to the painter paints.
 */
class MountSpansTest {
    private static final double X = 120;
    private static final double WIDTH = 1_000;
    private static final long TRAIL = 4_000_000_000L;

    @Test
    void skippingCoveredMountsPaintsTheSameRectangles() {
        RunRecording r = laneOfDenseAndSparseMounts(new Random(26));
        CarrierLog log = r.carriers()[0];
        assertTrue(log.size() > 100_000, "dense enough: " + log.size());
        for (long t : new long[] {TRAIL / 3, TRAIL, TRAIL * 3 / 2, log.end(log.size() - 1) + 1}) {
            long t0 = t - TRAIL;
            List<String> skipped = new ArrayList<>();
            TrailPainter painter = new TrailPainter();
            MountSpans spans = new MountSpans(painter);
            spans.setTrailNanos(TRAIL);
            painter.begin((x, y, w, h) -> skipped.add(rect(x, w)), 0, 10, X + WIDTH);
            spans.paint(r, log, t0, t, X, WIDTH, MountSpans.Pass.RUNNING);
            painter.end();

            List<String> every = new ArrayList<>();
            TrailPainter plain = new TrailPainter();
            plain.begin((x, y, w, h) -> every.add(rect(x, w)), 0, 10, X + WIDTH);
            double scale = WIDTH / TRAIL;
            for (int i = 0; i < log.size(); i++) {
                if (log.end(i) > t0 && log.start(i) < t) {
                    plain.span(X + (Math.max(log.start(i), t0) - t0) * scale, X + (Math.min(log.end(i), t) - t0) * scale);
                }
            }
            plain.end();
            assertEquals(every, skipped, "at t = " + t);
            assertTrue(every.size() > 10, "gaps wide enough to part the lane: " + every.size());
        }
    }

    private static String rect(double x, double w) {
        return x + "+" + w;
    }

    /** One carrier: bursts of sub-pixel mounts (50-500 ns, gaps of 20-200 ns) parted by gaps of up to 40 ms. */
    private static RunRecording laneOfDenseAndSparseMounts(Random random) {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(1), "25.0.3+9-LTS")
                .carrier(0, "ForkJoinPool-1-worker-1", 0, false);
        long t = 1_000;
        while (t < 6_000_000_000L) {
            int burst = random.nextInt(5_000);
            for (int k = 0; k < burst; k++) {
                long end = t + 50 + random.nextInt(450);
                b.mount(0, 0, t, t, end, false);
                t = end + 20 + random.nextInt(180);
            }
            t += random.nextInt(40_000_000);
        }
        return b.finish(0, t, 1, false);
    }

    /**
     * The passes other than running, through the carrier's held mounts alone (HeldMounts), paint exactly what they paint
     * visiting every mount: a lane of 300,000 mounts, one in a hundred pinned, unsure, captured, stalled or held.
     */
    @Test
    void passesThroughTheHeldIndexPaintTheSameRectangles() {
        Random random = new Random(46);
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(1), "25.0.3+9-LTS")
                .carrier(0, "ForkJoinPool-1-worker-1", 0, false);
        long t = 1_000;
        for (int i = 0; i < 300_000; i++) {
            long end = t + 1_000 + random.nextInt(20_000);
            b.mount(0, 0, t, t, end, random.nextInt(100) == 0 ? 1 + random.nextInt(5) : 0);
            t = end + random.nextInt(10_000);
        }
        RunRecording r = b.finish(0, t, 1, false);
        CarrierLog log = r.carriers()[0];
        HeldMounts held = new HeldMounts();
        held.update(log, r.classed());
        assertTrue(held.size() > 2_000 && held.size() < 4_000, "about one in a hundred: " + held.size());
        for (MountSpans.Pass pass : MountSpans.Pass.values()) {
            for (long[] range : new long[][] {{0, t}, {t / 3, t / 3 + 50_000_000L}, {t - 1_000_000L, t}}) {
                assertEquals(rects(r, log, null, range, pass), rects(r, log, held, range, pass), pass + " over " + range[0]);
            }
        }
    }

    private static List<String> rects(RunRecording r, CarrierLog log, HeldMounts held, long[] range, MountSpans.Pass pass) {
        List<String> out = new ArrayList<>();
        TrailPainter painter = new TrailPainter();
        MountSpans spans = new MountSpans(painter);
        spans.setTrailNanos(range[1] - range[0]);
        painter.begin((x, y, w, h) -> out.add(rect(x, w)), 0, 10, X + WIDTH);
        spans.paint(r, log, held, range[0], range[1], X, WIDTH, pass);
        painter.end();
        return out;
    }
}
