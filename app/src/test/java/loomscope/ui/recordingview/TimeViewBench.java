package loomscope.ui.recordingview;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.attach.RunFiles;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.ui.theme.AppTheme;

/**
 * Issue #46's frame-time benchmark (not a test: {@code app/src/test/bench/time-view.sh FILE}): a saved run opened in a
 * {@link RecordingView} of 1920×1080 (lanes, overview strip, thread field), then, one step a frame, zoomed from the
 * whole to 1 ms around the busiest second's middle and back (×1.25 a frame), and panned across the run at a 1 s range
 * (5 % a frame). One pass warms up, the next is measured: the pulse-to-pulse gaps (what a user sees) and the time the
 * frame's drawing took on the FX thread, p50/p95/max; then the heap after a collection and the process's peak RSS.
 */
public final class TimeViewBench extends Application {
    private static RunRecording recording;
    private static double readSeconds;

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        recording = RunFiles.read(Path.of(args[0])).recording();
        readSeconds = (System.nanoTime() - t0) / 1e9;
        launch(args);
    }

    private final RecordingView view = new RecordingView();
    private long[] steps;
    private int step;
    private int pass;
    private long lastPulse = -1;
    private final long[] gaps = new long[10_000];
    private final long[] draws = new long[10_000];
    private final long[] kinds = new long[10_000];
    private int measured;

    @Override
    public void start(Stage stage) {
        Scene scene = new Scene(view, 1920, 1080);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
        view.setRecording(recording);
        view.showAt(recording.settledEnd());
        int mounts = 0;
        for (CarrierLog log : recording.carriers()) {
            mounts += log.size();
        }
        System.out.printf(Locale.ROOT, "%s: %,d mounts on %d carriers, %,d threads, %.1f s long; read in %.2f s%n",
                getParameters().getRaw().get(0), mounts, recording.carriers().length, recording.threads(),
                (recording.settledEnd() - recording.runStart()) / 1e9, readSeconds);
        new AnimationTimer() {
            @Override
            public void handle(long now) {
                frame(now);
                if (pass == 2) {
                    stop();
                    report();
                    Platform.exit();
                }
            }
        }.start();
    }

    private void frame(long now) {
        TimeViewModel time = view.time();
        if (steps == null) {
            steps = plan(time);
        }
        long kind = steps[step];
        long centre = busiestSecond();
        if (kind == 0) {
            time.fitWhole();
        } else if (kind == 1) {
            time.zoom(anchor(time, centre), 1 / TimeViewModel.ZOOM_STEP);
        } else if (kind == 2) {
            time.zoom(anchor(time, centre), TimeViewModel.ZOOM_STEP);
        } else if (kind == 3) {
            time.showRange(recording.runStart(), recording.runStart() + 1_000_000_000L);
        } else {
            time.pan(0.05);
        }
        long before = System.nanoTime();
        view.showAt(recording.settledEnd());
        long drawn = System.nanoTime() - before;
        if (pass == 1 && lastPulse >= 0 && measured < gaps.length) {
            gaps[measured] = now - lastPulse;
            draws[measured] = drawn;
            kinds[measured] = kind;
            measured++;
        }
        lastPulse = now;
        step++;
        if (step == steps.length) {
            step = 0;
            pass++;
        }
    }

    /** Fit, zoom in to 1 ms, out to the whole, then a 1 s range panned across the run. */
    private long[] plan(TimeViewModel time) {
        long whole = Math.max(1, recording.settledEnd() - recording.runStart());
        int zooms = (int) Math.ceil(Math.log(whole / 1e6) / Math.log(TimeViewModel.ZOOM_STEP));
        int pans = (int) Math.min(400, Math.ceil(whole / 1e9 / 0.05));
        long[] plan = new long[1 + 2 * zooms + 1 + pans];
        int k = 0;
        plan[k++] = 0;
        for (int i = 0; i < zooms; i++) {
            plan[k++] = 1;
        }
        for (int i = 0; i < zooms; i++) {
            plan[k++] = 2;
        }
        plan[k++] = 3;
        for (int i = 0; i < pans; i++) {
            plan[k++] = 4;
        }
        return plan;
    }

    private static double anchor(TimeViewModel time, long at) {
        TimeAxis shown = time.lastAxis();
        return shown == null ? 0.5 : (double) (at - shown.start()) / shown.span();
    }

    private long busiest = -1;

    /** The middle of the second with the most mount starts (found once). */
    private long busiestSecond() {
        if (busiest < 0) {
            int seconds = (int) ((recording.settledEnd() - recording.runStart()) / 1_000_000_000L) + 1;
            int[] starts = new int[seconds];
            for (CarrierLog log : recording.carriers()) {
                for (int i = 0; i < log.size(); i++) {
                    starts[(int) Math.min(seconds - 1, Math.max(0, (log.start(i) - recording.runStart()) / 1_000_000_000L))]++;
                }
            }
            int best = 0;
            for (int s = 1; s < seconds; s++) {
                best = starts[s] > starts[best] ? s : best;
            }
            busiest = recording.runStart() + best * 1_000_000_000L + 500_000_000L;
        }
        return busiest;
    }

    private void report() {
        long[] g = Arrays.copyOf(gaps, measured);
        long[] d = Arrays.copyOf(draws, measured);
        Arrays.sort(g);
        Arrays.sort(d);
        System.gc();
        long heap = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        System.out.printf(Locale.ROOT, "%d frames measured (after a warm-up pass): frame p50 %.1f ms, p95 %.1f ms, "
                        + "max %.1f ms, over 20 ms %d; drawing p50 %.1f ms, p95 %.1f ms, max %.1f ms; heap after GC %d MB, "
                        + "peak RSS %s%n", measured, at(g, 0.5), at(g, 0.95), g[g.length - 1] / 1e6, over(g, 20_000_000L),
                at(d, 0.5), at(d, 0.95), d[d.length - 1] / 1e6, heap >> 20, peakRss());
        String[] names = {"fit", "zoom in", "zoom out", "1 s range", "pan"};
        StringBuilder byKind = new StringBuilder("drawing p95 by step:");
        for (int kind = 1; kind <= 4; kind += kind == 2 ? 2 : 1) {
            long[] of = new long[measured];
            int n = 0;
            for (int i = 0; i < measured; i++) {
                if (kinds[i] == kind) {
                    of[n++] = draws[i];
                }
            }
            if (n > 0) {
                long[] sorted = Arrays.copyOf(of, n);
                Arrays.sort(sorted);
                byKind.append(String.format(Locale.ROOT, " %s %.1f ms (%d frames);", names[kind], at(sorted, 0.95), n));
            }
        }
        System.out.println(byKind);
    }

    private static double at(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(q * sorted.length) - 1)] / 1e6;
    }

    private static int over(long[] sorted, long limit) {
        int n = 0;
        for (long v : sorted) {
            n += v > limit ? 1 : 0;
        }
        return n;
    }

    private static String peakRss() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmHWM"))
                    .map(l -> l.replaceAll("\\s+", " ").substring(6).trim()).findFirst().orElse("?");
        } catch (Exception e) {
            return "?";
        }
    }
}
