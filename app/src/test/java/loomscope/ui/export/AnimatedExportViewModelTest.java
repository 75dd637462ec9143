package loomscope.ui.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The window's animated export without a window: a file thread that the test runs by hand. */
class AnimatedExportViewModelTest {

    @TempDir
    Path folder;

    private final List<Runnable> queued = new ArrayList<>();
    private final Executor byHand = queued::add;

    private static RunRecording smallRun() throws Exception {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(50).withParam(SeedScenario.CPU, 100).withParam(SeedScenario.SLEEP, 1));
        assertTrue(run.await(30_000));
        return run.recording();
    }

    @Test
    void aClipIsWrittenAndItsProgressReachesTheEnd() throws Exception {
        RunRecording r = smallRun();
        AnimatedExportViewModel m = new AnimatedExportViewModel(byHand, () -> r, () -> folder);
        m.slowdownProperty().set(1.0);
        assertTrue(m.plan().startsWith("A "), m.plan());
        m.start();
        assertTrue(m.runningProperty().get());
        queued.remove(0).run();
        m.pulse();
        assertFalse(m.runningProperty().get());
        assertEquals(1.0, m.progressProperty().get(), 1e-9);
        Path clip = m.writtenProperty().get();
        assertNotNull(clip);
        assertTrue(Files.size(clip) > 0);
        assertTrue(clip.getFileName().toString().endsWith("-replay-1280x720.gif"), clip.toString());
        assertTrue(m.messageProperty().get().startsWith("Saved "), m.messageProperty().get());
    }

    @Test
    void cancelLeavesNoFile() throws Exception {
        RunRecording r = smallRun();
        AnimatedExportViewModel m = new AnimatedExportViewModel(byHand, () -> r, () -> folder);
        m.start();
        m.cancel();
        queued.remove(0).run();
        m.pulse();
        assertEquals("Cancelled: nothing was written.", m.messageProperty().get());
        try (var files = Files.list(folder)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void withoutARunItSaysWhatToDo() {
        AnimatedExportViewModel m = new AnimatedExportViewModel(byHand, () -> null, () -> folder);
        m.start();
        assertFalse(m.runningProperty().get());
        assertTrue(m.messageProperty().get().startsWith("No finished run on show"), m.messageProperty().get());
        assertTrue(queued.isEmpty());
    }
}
