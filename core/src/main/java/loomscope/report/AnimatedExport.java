package loomscope.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.BooleanSupplier;

import loomscope.io.AtomicOutput;
import loomscope.picture.PictureTheme;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.recording.RunSummary;

/**
 * An animated replay of a recorded run, as a GIF (ImageIO) or an MP4 / WebM (ffmpeg): every frame drawn from the
 * recording by {@link ClipFramePainter}. Written to a temporary name beside the target and renamed at the end, so
 * a cancelled or failed export leaves nothing named like a finished file. Progress is told per frame; the
 * cancel flag is read per frame.
 */
public final class AnimatedExport {
    private AnimatedExport() { }

    /**
     * @param slowdown seconds of clip per second of run, or null for {@link ClipPlan#defaultSlowdown}
     * @param fps      frames per second, or null for the format's default
     * @param title    the clip's title, or null for what the run's lock means
     * @param theme    the window's theme, which the clip's colours follow
     * @param range    the part of the run's clock the clip shows (the window's visible range, {@code --range}), or null
     *                 for the whole run
     */
    public record Request(ClipFormat format, CardSize size, Double slowdown, Integer fps, String title,
                          PictureTheme theme, TimeAxis range) {
        public static final double MIN_SLOWDOWN = 0.01;
        public static final double MAX_SLOWDOWN = 10_000;
        public static final int MAX_FPS = 60;

        public Request {
            Objects.requireNonNull(theme, "theme");
        }

        /** A clip of the whole run. */
        public Request(ClipFormat format, CardSize size, Double slowdown, Integer fps, String title, PictureTheme theme) {
            this(format, size, slowdown, fps, title, theme, null);
        }

        /** A clip of the whole run in the dark theme: the CLI's (it has no window to follow). */
        public Request(ClipFormat format, CardSize size, Double slowdown, Integer fps, String title) {
            this(format, size, slowdown, fps, title, PictureTheme.DARK, null);
        }

        /** The same clip of {@code range} only (null: the whole run). */
        public Request ofRange(TimeAxis range) {
            return new Request(format, size, slowdown, fps, title, theme, range);
        }

        public int fpsOrDefault() { return fps != null ? fps : format.defaultFps(); }

        /** Why this request cannot be met on this machine for {@code recording}, or null. */
        public String problem(RunRecording recording) {
            if (slowdown != null && !(slowdown >= MIN_SLOWDOWN && slowdown <= MAX_SLOWDOWN)) {
                return String.format(Locale.ROOT, "the speed must be %s..%,.0f times slower, was %s", MIN_SLOWDOWN,
                        MAX_SLOWDOWN, slowdown);
            }
            if (fps != null && (fps < 1 || fps > MAX_FPS)) {
                return "the frame rate must be 1.." + MAX_FPS + ", was " + fps;
            }
            if (recording.runStart() < 0 || recording.runEnd() <= recording.runStart()) {
                return "the run has no recorded length to animate";
            }
            if (recording.carriers().length == 0) {
                return "the run's mounts were not recorded (default scheduler or platform threads): there are no lanes to animate";
            }
            String outside = RunRange.problem(recording, range);
            if (outside != null) {
                return outside;
            }
            if (!ClipPlan.of(recording, range, slowdown, fpsOrDefault()).fits()) {
                return String.format(Locale.ROOT, "the clip would have more than %,d frames: choose a faster speed",
                        ClipPlan.MAX_FRAMES);
            }
            return missingTool(format);
        }
    }

    /** What this machine lacks to write {@code format} (ffmpeg for video), or null. */
    public static String missingTool(ClipFormat format) {
        if (format.needsFfmpeg() && FfmpegClipWriter.findFfmpeg() == null) {
            String chosen = System.getenv(FfmpegClipWriter.ENCODER_VARIABLE);
            if (chosen != null && !chosen.isBlank()) {
                return FfmpegClipWriter.ENCODER_VARIABLE + " names no executable file: " + chosen;
            }
            return format.extension().toUpperCase(Locale.ROOT)
                    + " needs ffmpeg on the PATH (e.g. apt-get install ffmpeg, brew install ffmpeg); GIF needs nothing";
        }
        return null;
    }

    /** What was written. */
    public record Result(Path file, int frames, double clipSeconds, long bytes) { }

    /** Told after each frame, on the exporting thread. */
    @FunctionalInterface
    public interface Progress {
        void frames(int done, int total);
    }

    /** The export was cancelled; nothing was left behind. */
    public static final class Cancelled extends IOException {
        public Cancelled() {
            super("cancelled: nothing was written");
        }
    }

    /**
     * The title a clip gets by default: what the run's lock means, as on the timing card; an application's (or your
     * code's) is named by its main class, never by the lock word its summary carries ("Scenario task-file").
     */
    public static String defaultTitle(RunRecording recording) {
        String code = recording.source().ownCodeName();
        if (code != null) {
            return code + ": its carriers, mount by mount";
        }
        return TimingCard.defaultTitle(new HistoryEntry(RunSummary.of(recording), Instant.now(), List.of())
                .withApplication(ApplicationRun.of(recording)));
    }

    public static Result write(RunRecording recording, Request request, Path target, Progress progress,
                               BooleanSupplier cancelled) throws IOException {
        String problem = request.problem(recording);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        int fps = request.fpsOrDefault();
        ClipPlan plan = ClipPlan.of(recording, request.range(), request.slowdown(), fps);
        String title = request.title() == null || request.title().isBlank() ? defaultTitle(recording) : request.title();
        ClipFramePainter painter = new ClipFramePainter(recording, request.size(), title, plan, request.theme());
        int total = plan.totalFrames();
        Path written = AtomicOutput.write(target, false, temp -> {
            try (ClipSink sink = open(request, temp, fps, cancelled, painter.colours())) {
                for (int i = 0; i < total; i++) {
                    if (cancelled.getAsBoolean()) {
                        throw new Cancelled();
                    }
                    sink.frame(painter.paint(plan.instant(i)));
                    progress.frames(i + 1, total);
                }
                sink.finish();
            }
        });
        return new Result(written, total, plan.clipSeconds(), Files.size(written));
    }

    private static ClipSink open(Request request, Path file, int fps, BooleanSupplier cancelled, ClipColours colours)
            throws IOException {
        if (request.format() == ClipFormat.GIF) {
            return new GifClipWriter(file, fps, colours);
        }
        return new FfmpegClipWriter(FfmpegClipWriter.findFfmpeg(), file, request.format(), request.size().width(),
                request.size().height(), fps, FfmpegClipWriter.STALL_LIMIT_SECONDS * 1_000_000_000L, cancelled);
    }
}
