package loomscope.ui.export;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import loomscope.picture.PictureTheme;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.report.AnimatedExport;
import loomscope.report.CardSize;
import loomscope.report.ClipFormat;
import loomscope.report.ClipPlan;
import loomscope.report.ExportFolder;
import loomscope.report.ExportNames;
import loomscope.report.RunRange;
import loomscope.ui.job.BackgroundJob;

/**
 * The window's animated export of the run on show: format, size and speed, then frames drawn on a file thread
 * while the window goes on. Progress is read once per frame in {@link #pulse()} (never a runLater per frame);
 * Cancel stops it at the next frame and leaves no file. No toolkit call: tested without a window.
 */
public final class AnimatedExportViewModel {
    private final Supplier<RunRecording> onShow;
    private final Supplier<Path> folder;
    /** The window's theme now: the clip follows it. */
    private final Supplier<PictureTheme> theme;
    private final ObjectProperty<ClipFormat> format = new SimpleObjectProperty<>(ClipFormat.GIF);
    private final ObjectProperty<CardSize> size = new SimpleObjectProperty<>(CardSize.HD);
    /** Seconds of clip per second of run; null: the default for the run's length. */
    private final ObjectProperty<Double> slowdown = new SimpleObjectProperty<>(null);
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Path> written = new ReadOnlyObjectWrapper<>();
    private final BackgroundJob<Runnable> job;
    /** The lanes' visible range on show (null: none yet); a clip covers its part of the run. */
    private Supplier<TimeAxis> visibleRange = () -> null;

    /** Clips in the dark theme. */
    public AnimatedExportViewModel(Executor files, Supplier<RunRecording> onShow, Supplier<Path> folder) {
        this(files, onShow, folder, () -> PictureTheme.DARK);
    }

    public AnimatedExportViewModel(Executor files, Supplier<RunRecording> onShow, Supplier<Path> folder,
                                   Supplier<PictureTheme> theme) {
        this.job = new BackgroundJob<>(files);
        this.onShow = onShow;
        this.folder = folder;
        this.theme = theme;
    }

    /** Where the window's lanes tell their visible range: the next clip is of that part of the run. */
    public void setVisibleRange(Supplier<TimeAxis> visibleRange) {
        this.visibleRange = visibleRange;
    }

    /** What the next clip will be, for the dialog: "a 38.1 s clip, 20× slower" or why there is none. */
    public String plan() {
        RunRecording r = finishedRun();
        if (r == null) {
            return "No finished run on show: run one (Ctrl+R) or open a saved one first.";
        }
        AnimatedExport.Request request = request(r, null);
        String problem = request.problem(r);
        if (problem != null) {
            return problem;
        }
        ClipPlan plan = ClipPlan.of(r, request.range(), slowdown.get(), request.fpsOrDefault());
        String of = request.range() == null ? String.format(Locale.ROOT, "the %.3f s run", (r.runEnd() - r.runStart()) / 1e9)
                : String.format(Locale.ROOT, "%.3f–%.3f s of the run (the lanes' visible range)",
                        (plan.runStart() - r.runStart()) / 1e9, (plan.runEnd() - r.runStart()) / 1e9);
        return String.format(Locale.ROOT, "A %.1f s clip of %s (%s), %,d frames at %d fps.", plan.clipSeconds(), of,
                speed(plan.slowdown()), plan.totalFrames(), request.fpsOrDefault());
    }

    private static String speed(double slowdown) {
        return slowdown >= 1 ? String.format(Locale.ROOT, "%.3g× slower", slowdown)
                : String.format(Locale.ROOT, "%.3g× faster", 1 / slowdown);
    }

    private RunRecording finishedRun() {
        RunRecording r = onShow.get();
        return r != null && r.isFinished() ? r : null;
    }

    private AnimatedExport.Request request(RunRecording r, String title) {
        return new AnimatedExport.Request(format.get(), size.get(), slowdown.get(), null, title, theme.get(),
                RunRange.visible(r, visibleRange.get()));
    }

    /** Starts the clip of the run on show; one line in {@link #messageProperty()} if it cannot. */
    public void start() {
        if (running.get()) {
            message.set("A clip is being written: Cancel it first.");
            return;
        }
        RunRecording r = finishedRun();
        if (r == null) {
            message.set("No finished run on show: run one (Ctrl+R) or open a saved one first.");
            return;
        }
        AnimatedExport.Request request = request(r, null);
        String problem = request.problem(r);
        if (problem != null) {
            message.set(problem);
            return;
        }
        Path target = folder.get();
        ExportNames names = ExportNames.of(LocalDateTime.now(), r);
        progress.set(0);
        running.set(true);
        message.set("Drawing frames ...");
        job.start(steps -> write(r, request, target, names, steps));
    }

    /** On a job thread: the clip, then what the FX thread sets to say how it went. */
    private Runnable write(RunRecording r, AnimatedExport.Request request, Path target, ExportNames names,
                           BackgroundJob.Progress steps) {
        try {
            Path into = ExportFolder.prepare(target);
            AnimatedExport.Result result = AnimatedExport.write(r, request, into.resolve(names.replay(request.size(), request.format())),
                    (d, t) -> steps.report(d, t), steps::isCancelled);
            return () -> {
                written.set(result.file());
                message.set(String.format(Locale.ROOT, "Saved %s (%.1f s, %,d bytes).", result.file().getFileName(),
                        result.clipSeconds(), result.bytes()));
            };
        } catch (AnimatedExport.Cancelled e) {
            return () -> message.set("Cancelled: nothing was written.");
        } catch (IOException | RuntimeException e) {
            String why = e instanceof IOException io ? ExportFolder.reason(io) : e.getMessage();
            return () -> message.set("Not written, nothing was left behind: " + why);
        }
    }

    /** Stops the clip at its next frame. */
    public void cancel() {
        if (running.get()) {
            job.cancel();
            message.set("Cancelling ...");
        }
    }

    /** Once per frame on the FX thread. */
    public void pulse() {
        if (!running.get()) {
            return;
        }
        progress.set(job.fraction());
        BackgroundJob.Outcome<Runnable> end = job.pulse();
        if (end != null) {
            running.set(false);
            switch (end) {
                case BackgroundJob.Outcome.Done<Runnable> done -> done.value().run();
                case BackgroundJob.Outcome.Failed<Runnable> failed ->
                        message.set("Not written, nothing was left behind: " + failed.error());
            }
        }
    }

    public ObjectProperty<ClipFormat> formatProperty() { return format; }

    public ObjectProperty<CardSize> sizeProperty() { return size; }

    public ObjectProperty<Double> slowdownProperty() { return slowdown; }

    public ReadOnlyBooleanProperty runningProperty() { return running.getReadOnlyProperty(); }

    public ReadOnlyDoubleProperty progressProperty() { return progress.getReadOnlyProperty(); }

    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }

    /** The last clip written, or null. */
    public ReadOnlyObjectProperty<Path> writtenProperty() { return written.getReadOnlyProperty(); }

    /** Whether this machine can write {@code f} (video needs ffmpeg). */
    public static String missingTool(ClipFormat f) { return AnimatedExport.missingTool(f); }
}
