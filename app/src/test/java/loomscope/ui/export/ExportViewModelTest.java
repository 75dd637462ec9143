package loomscope.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.picture.PictureTheme;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunSummary;
import loomscope.scenario.SeedScenario;
import loomscope.ui.history.HistoryRow;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The S key's model without a window (#37): the window's picture, the clipboard and the toast are a surface of the
 * test's own, the FX thread a queue the test drains. Files are real.
 */
class ExportViewModelTest {
    private final ExecutorService jobs = Executors.newSingleThreadExecutor();
    /** What would run on the FX thread, taken up by the test. */
    private final BlockingQueue<Runnable> fx = new LinkedBlockingQueue<>();
    private final Surface surface = new Surface();
    private final ObservableList<HistoryRow> history = FXCollections.observableArrayList();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        jobs.shutdownNow();
    }

    /** The window's side, as a test sees it. */
    private static final class Surface implements ExportSurface {
        final List<String> said = new ArrayList<>();
        final List<BufferedImage> copied = new ArrayList<>();
        int snapshots;

        @Override
        public Supplier<BufferedImage> snapshotWindow() {
            snapshots++;
            return () -> new BufferedImage(320, 180, BufferedImage.TYPE_INT_ARGB);
        }

        @Override
        public boolean copyToClipboard(BufferedImage card) {
            copied.add(card);
            return true;
        }

        @Override public void success(String text, Path folder) { said.add(text); }

        @Override public void error(String text) { said.add(text); }
    }

    private ExportViewModel model(Path folder) {
        return new ExportViewModel(surface, new HistoryTimes(history), folder, () -> PictureTheme.DARK, jobs, fx::add);
    }

    private void takeUpOutcome() throws InterruptedException {
        Runnable outcome = fx.poll(60, TimeUnit.SECONDS);
        assertNotNull(outcome, "the export's outcome came back");
        outcome.run();
    }

    @Test
    void sWritesTheCardsAndTheWindowAndCopiesTheCard() throws Exception {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(50));
        assertTrue(run.await(60_000));
        history.add(new HistoryRow(1, RunSummary.of(run.recording())));
        ExportViewModel model = model(dir.resolve("slides"));

        model.exportAll();
        assertEquals(1, surface.snapshots, "the window's picture is taken as S is pressed");
        takeUpOutcome();

        ExportViewModel.Result result = model.lastResultProperty().get();
        assertNotNull(result);
        assertNull(model.lastErrorProperty().get());
        assertTrue(result.files().size() >= 3, "the card's sizes and the window: " + result.files());
        result.files().forEach(f -> assertTrue(Files.isRegularFile(f) && f.startsWith(dir.resolve("slides")), f.toString()));
        assertEquals(1, surface.copied.size(), "the card is on the clipboard");
        assertTrue(surface.said.get(0).startsWith("Saved " + result.files().size() + " files to "), surface.said.toString());
        assertTrue(surface.said.get(0).contains("Timing card copied to the clipboard."), surface.said.toString());
    }

    @Test
    void withoutARunOnlyTheWindowIsWrittenAndItSaysWhy() throws Exception {
        ExportViewModel model = model(dir);
        model.exportAll();
        takeUpOutcome();
        assertEquals(1, model.lastResultProperty().get().files().size());
        assertTrue(surface.copied.isEmpty());
        assertTrue(surface.said.get(0).contains("no finished run yet, so no timing card"), surface.said.toString());
    }

    @Test
    void aSecondExportWhileOneIsWrittenIsToldToWaitAndNothingIsLost() throws Exception {
        CountDownLatch hold = new CountDownLatch(1);
        jobs.execute(() -> {
            try {
                hold.await();   // the job thread is busy: the first export waits behind this
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ExportViewModel model = model(dir);
        model.exportAll();
        model.exportAll();
        model.exportHistory();
        assertEquals(List.of(ExportViewModel.STILL_WRITING, ExportViewModel.STILL_WRITING), surface.said);
        hold.countDown();
        takeUpOutcome();
        assertNotNull(model.lastResultProperty().get(), "the first export is written");
        model.exportAll();   // and the next one goes
        takeUpOutcome();
        assertTrue(surface.said.get(surface.said.size() - 1).startsWith("Saved "), surface.said.toString());
    }

    @Test
    void aFolderThatIsAFileFailsInOneLineAndWritesNothing() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "the user's file");
        ExportViewModel model = model(file);
        model.exportAll();
        takeUpOutcome();
        assertNull(model.lastResultProperty().get());
        String said = surface.said.get(0);
        assertTrue(said.startsWith("Export failed, nothing was lost: cannot export to "), said);
        assertEquals(said.substring("Export failed, nothing was lost: ".length()), model.lastErrorProperty().get());
        assertEquals("the user's file", Files.readString(file));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(file), left.toList());
        }
        assertFalse(said.contains("\n"));
    }
}
