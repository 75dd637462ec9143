package loomscope.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.picture.StateTimeline;
import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import loomscope.ui.lanes.LanesCanvas;

/**
 * What a frame of the lanes costs on the FX thread at 1920x1080: {@code LanesCanvas.draw} (deciding each lane's looks
 * and issuing the rectangles) and, separately, that plus the software pipeline rendering it (a snapshot), for a
 * session shaped like the attached server: 16 carriers, 60 s, mounts of 5-10 ms back to back (~128,000), one
 * in 50 pinned, one in 40 captured. Whole run, then a 1 s and a 1 ms view (a trail ending mid-run). Prints the median
 * and p95 of each, in ms. Not a test: a main, run as docs/performance.md says.
 */
public final class LanesDrawBench {
    private static final long MS = 1_000_000;

    private LanesDrawBench() { }

    public static void main(String[] args) throws Exception {
        int frames = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        RunRecording r = session(16, 60_000);
        StateTimeline timeline = new StateTimeline(r);
        CompletableFuture<LanesCanvas> shown = new CompletableFuture<>();
        Platform.startup(() -> {
            LanesCanvas lanes = new LanesCanvas();
            Stage stage = new Stage();
            stage.setScene(new Scene(lanes, 1920, 1080));
            stage.show();
            shown.complete(lanes);
        });
        LanesCanvas lanes = shown.get();
        long mid = r.runStart() + 30_000 * MS;
        measure("whole run (60 s)", lanes, timeline, true, 4, r.settledEnd(), frames);
        measure("1 s view", lanes, timeline, false, 1, mid, frames);
        measure("1 ms view", lanes, timeline, false, 0.001, mid, frames);
        Platform.exit();
    }

    private static void measure(String what, LanesCanvas lanes, StateTimeline timeline, boolean fit, double seconds,
                                long t, int frames) throws Exception {
        double[] draw = new double[frames];
        double[] rendered = new double[frames];
        CompletableFuture<Void> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            lanes.setFitFinished(fit);
            lanes.setTrailSeconds(seconds);
            for (int i = 0; i < frames + 50; i++) {   // the first 50 warm the JIT up
                long a = System.nanoTime();
                lanes.draw(timeline, t - (i % 2));   // a new t each frame, as replay draws
                long b = System.nanoTime();
                lanes.canvas().snapshot(null, null);
                long c = System.nanoTime();
                if (i >= 50) {
                    draw[i - 50] = (b - a) / 1e6;
                    rendered[i - 50] = (c - a) / 1e6;
                }
            }
            done.complete(null);
        });
        done.get();
        System.out.printf(Locale.ROOT, "%-18s draw median %.2f ms p95 %.2f ms | draw+render median %.2f ms p95 %.2f ms%n",
                what, pct(draw, 50), pct(draw, 95), pct(rendered, 50), pct(rendered, 95));
    }

    private static double pct(double[] v, int p) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[Math.min(s.length - 1, s.length * p / 100)];
    }

    /** {@code carriers} lanes of back-to-back mounts of 5-10 ms over {@code millis}, each thread mounting once. */
    static RunRecording session(int carriers, long millis) {
        int perCarrier = (int) (millis / 7) + 1;
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(carriers * perCarrier)
                .withParallelism(carriers), "25.0.3");
        for (int c = 0; c < carriers; c++) {
            b.carrier(c, "carrier-" + c, 0, false);
        }
        long end = millis * MS;
        for (int c = 0; c < carriers; c++) {
            long at = c * 100_000L;
            for (int k = 0; at < end - 10 * MS; k++) {
                long len = (5 + (k * 7 + c) % 6) * MS;
                int vt = c * perCarrier + k;
                MountClass verdict = k % 50 == 17 ? MountClass.PINNED : k % 40 == 3 ? MountClass.CAPTURED
                        : MountClass.NOT_HELD;
                b.mount(c, vt, at, at, at + len, verdict);
                at += len + 200_000;
            }
        }
        return b.finish(0, end, carriers * perCarrier, false);
    }
}
