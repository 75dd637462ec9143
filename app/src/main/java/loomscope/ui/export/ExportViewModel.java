package loomscope.ui.export;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;
import loomscope.picture.PictureTheme;
import loomscope.recording.RunSummary;
import loomscope.report.ExportException;
import loomscope.report.ExportFolder;
import loomscope.report.ExportNames;
import loomscope.report.HistoryEntry;
import loomscope.report.ReportWriter;
import loomscope.report.TimingCard;
import loomscope.ui.job.BackgroundJob;
import loomscope.ui.presentation.StageExports;

/**
 * The S key and the export buttons. On the FX thread only what must be there: taking the window's picture
 * ({@link ExportSurface}) and a copy of the history. Rendering and every file operation are a {@link BackgroundJob}
 * on the job threads; the result comes back once per export, on the FX thread. A failed export changes nothing but
 * the toast: the runs, the history and earlier files stay as they were. No toolkit call: plain JUnit runs it.
 */
public final class ExportViewModel implements StageExports {

    /** What an export wrote, for the toast, the clipboard and tests. */
    public record Result(ReportWriter.Export cards, List<Path> files, Path folder) { }

    static final String STILL_WRITING = "Still writing the previous export ...";

    private final ExportSurface surface;
    private final HistoryTimes history;
    /** The window's theme now: the cards follow it (read on the FX thread, when an export starts). */
    private final Supplier<PictureTheme> theme;
    private final ObjectProperty<Path> folder;
    private final ReadOnlyObjectWrapper<Result> lastResult = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<String> lastError = new ReadOnlyObjectWrapper<>();
    /** One export at a time: a second while one is written is told to wait. */
    private final BackgroundJob<Result> job;
    /** The run on show and the lanes' visible range (null: none); read on the FX thread when an export starts. */
    private Supplier<TimingCard.Lanes> visibleLanes = () -> null;

    /**
     * @param jobs     where exports are written
     * @param fxThread where their outcome is taken up ({@code Platform::runLater} in the window)
     */
    public ExportViewModel(ExportSurface surface, HistoryTimes history, Path initialFolder, Supplier<PictureTheme> theme,
                           Executor jobs, Executor fxThread) {
        this.surface = surface;
        this.theme = theme;
        this.history = history;
        this.folder = new SimpleObjectProperty<>(initialFolder);
        this.job = new BackgroundJob<>(jobs, fxThread);
    }

    /**
     * Where the window tells the run on show and its lanes' visible range: when that is a part of the newest run (the
     * lanes zoomed in), S's card draws those lanes in its chart's place, as the CLI's {@code export --range} does.
     */
    public void setVisibleLanes(Supplier<TimingCard.Lanes> visibleLanes) {
        this.visibleLanes = visibleLanes;
    }

    /** S: the timing card (both sizes) for the newest run, the full window, and the history tables. */
    @Override
    public void exportAll() {
        if (job.isRunning()) {
            surface.success(STILL_WRITING, null);
            return;
        }
        Supplier<BufferedImage> window = surface.snapshotWindow();
        List<HistoryEntry> runs = history.entries();
        Path target = folder.get();
        LocalDateTime now = LocalDateTime.now();
        PictureTheme look = theme.get();
        TimingCard.Lanes lanes = visibleLanes.get();
        inBackground(() -> {
            BufferedImage windowImage = window.get();
            List<Path> files = new ArrayList<>();
            ReportWriter.Export cards = null;
            Path prepared = ExportFolder.prepare(target);
            if (!runs.isEmpty()) {
                TimingCard card = TimingCard.ofLatest(runs, LocalDate.now());
                if (lanes != null && RunSummary.of(lanes.recording()).equals(card.headline().summary())) {
                    card = card.withLanes(lanes);   // the lanes shown are the headline run's
                }
                cards = new ReportWriter(look).exportAll(prepared, card, now);
                files.addAll(cards.files());
            }
            HistoryEntry last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
            ExportNames names = last == null ? ExportNames.of(now, "no-run", 0) : ExportNames.of(now, last);
            files.add(ReportWriter.writePng(prepared, names.window(), windowImage));
            return new Result(cards, files, prepared);
        }, text -> { });
    }

    /**
     * One card made elsewhere (the compare view's two-JVM card): both sizes plus its two runs as tables,
     * written and copied like S's card; {@code tell} also hears the outcome (the compare window has no toast).
     */
    public void exportCard(TimingCard card, Consumer<String> tell) {
        if (job.isRunning()) {
            tell.accept(STILL_WRITING);
            return;
        }
        Path target = folder.get();
        LocalDateTime now = LocalDateTime.now();
        PictureTheme look = theme.get();
        inBackground(() -> {
            ReportWriter.Export cards = new ReportWriter(look).exportAll(target, card, now);
            return new Result(cards, cards.files(), cards.folder());
        }, tell);
    }

    /** The history as CSV and Markdown only. */
    @Override
    public void exportHistory() {
        List<HistoryEntry> runs = history.entries();
        Path target = folder.get();
        LocalDateTime now = LocalDateTime.now();
        inBackground(() -> {
            ReportWriter.Export tables = new ReportWriter().exportHistory(target, runs, now);
            return new Result(null, tables.files(), tables.folder());
        }, text -> { });
    }

    private interface Work {
        Result run() throws ExportException;
    }

    /** @param tell also hears the outcome line, on the FX thread (the toast always does) */
    private void inBackground(Work work, Consumer<String> tell) {
        boolean started = job.start(progress -> work.run(), outcome -> {
            switch (outcome) {
                case BackgroundJob.Outcome.Done<Result> done -> succeeded(done.value(), tell);
                case BackgroundJob.Outcome.Failed<Result> failed -> failed(failed.error() instanceof ExportException e
                        ? e.getMessage() : "export failed: " + failed.error(), tell);
            }
        });
        if (!started) {
            surface.success(STILL_WRITING, null);
            tell.accept(STILL_WRITING);
        }
    }

    private void succeeded(Result result, Consumer<String> tell) {
        lastError.set(null);
        boolean copied = result.cards() != null && surface.copyToClipboard(result.cards().card().image());
        String what = result.files().size() == 1 ? "1 file" : result.files().size() + " files";
        String note = result.cards() == null && result.files().size() == 1
                ? " (no finished run yet, so no timing card: press Space to run)" : "";
        String saved = "Saved " + what + " to " + result.folder() + note + (copied ? ". Timing card copied to the clipboard." : ".")
                + (result.cards() != null ? " Shift+S: the run as an animated replay." : "");
        surface.success(saved, result.folder());
        lastResult.set(result); // after the toast: whoever waits for it sees the toast already up
        tell.accept(saved);     // and the compare view hears of it once the result is there to read
    }

    private void failed(String message, Consumer<String> tell) {
        lastError.set(message);
        surface.error("Export failed, nothing was lost: " + message);
        tell.accept("Export failed, nothing was lost: " + message);
    }

    @Override
    public ObjectProperty<Path> folderProperty() { return folder; }

    public ReadOnlyObjectProperty<Result> lastResultProperty() { return lastResult.getReadOnlyProperty(); }

    public ReadOnlyObjectProperty<String> lastErrorProperty() { return lastError.getReadOnlyProperty(); }
}
