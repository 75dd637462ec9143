package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

import loomscope.picture.PictureTheme;
import loomscope.picture.StateTimeline;
import loomscope.recording.CarrierLog;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.VtState;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Animated replays: every frame from the recording, GIF and video files that play, nothing left by a cancel. */
class AnimatedExportTest {
    private static final ClipColours DARK = ClipColours.of(PictureTheme.DARK);


    /** Native-frame pins on every JDK: the lanes have pinned mounts to show. */
    private static RunRecording pinned;

    @TempDir
    Path folder;

    @BeforeAll
    static void record() throws Exception {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(60).withParallelism(2)
                .withParam(SeedScenario.CPU, 1000).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName()));
        assertTrue(run.await(60_000));
        pinned = run.recording();
    }

    private static AnimatedExport.Request gif(double slowdown) {
        return new AnimatedExport.Request(ClipFormat.GIF, CardSize.HD, slowdown, 5, null);
    }

    @Test
    void aPinnedInstantIsDrawnPinnedAndTheStartIsIdle() {
        ClipPlan plan = ClipPlan.of(pinned, 1.0, 10);
        ClipFramePainter painter = new ClipFramePainter(pinned, CardSize.HD, "test", plan, PictureTheme.DARK);
        StateTimeline timeline = new StateTimeline(pinned);
        CarrierLog lane0 = pinned.carriers()[0];
        long pinnedAt = -1;
        for (long t = pinned.runStart(); t < pinned.runEnd() && pinnedAt < 0; t += 100_000) {
            if (timeline.pinnedAt(lane0, t)) {
                pinnedAt = t;
            }
        }
        assertTrue(pinnedAt >= 0, "native-frame pins lane 0 at some instant");
        // lane 0's box: its top-left corner area, in 1280x720 pixels (layout x 1626, y 250, scaled by 2/3)
        int x = (int) (1640 * CardSize.HD.width() / 1920.0);
        int y = (int) (256 * CardSize.HD.width() / 1920.0);
        BufferedImage frame = painter.paint(pinnedAt);
        assertEquals(DARK.of(VtState.PINNED).getRGB(), frame.getRGB(x, y), "the box is pinned red");
        frame = painter.paint(pinned.runStart());
        assertEquals(DARK.idle.getRGB(), frame.getRGB(x, y), "before the first mount the carrier is idle");
    }

    @Test
    void aGifHasEveryFrameOfThePlanAndPlays() throws Exception {
        Path target = folder.resolve("clip.gif");
        AtomicInteger told = new AtomicInteger();
        AnimatedExport.Result result = AnimatedExport.write(pinned, gif(2), target, (done, total) -> told.set(done), () -> false);
        ClipPlan plan = ClipPlan.of(pinned, 2.0, 5);
        assertEquals(plan.totalFrames(), result.frames());
        assertEquals(result.frames(), told.get(), "progress reached the last frame");
        ImageReader reader = ImageIO.getImageReadersByFormatName("gif").next();
        try (ImageInputStream in = ImageIO.createImageInputStream(target.toFile())) {
            reader.setInput(in);
            assertEquals(plan.totalFrames(), reader.getNumImages(true));
            assertEquals(1280, reader.getWidth(0));
            assertEquals(720, reader.getHeight(0));
        } finally {
            reader.dispose();
        }
        assertEquals(List.of(target), list(folder), "no temporary file left");
    }

    @Test
    void aCancelLeavesNothingNamedLikeAFinishedFile() throws Exception {
        Path target = folder.resolve("clip.gif");
        AtomicInteger frames = new AtomicInteger();
        assertThrows(AnimatedExport.Cancelled.class, () -> AnimatedExport.write(pinned, gif(20), target,
                (done, total) -> frames.set(done), () -> frames.get() >= 3));
        assertEquals(3, frames.get());
        assertEquals(List.of(), list(folder));
    }

    @Test
    void anExistingFileIsNotReplacedAndAMissingFolderIsRefused() throws Exception {
        Path mine = Files.writeString(folder.resolve("mine.gif"), "keep");
        assertThrows(java.nio.file.FileAlreadyExistsException.class,
                () -> AnimatedExport.write(pinned, gif(1), mine, (d, t) -> { }, () -> false));
        assertEquals("keep", Files.readString(mine));
        assertThrows(java.io.IOException.class,
                () -> AnimatedExport.write(pinned, gif(1), folder.resolve("no/such/clip.gif"), (d, t) -> { }, () -> false));
        assertEquals(List.of(mine), list(folder));
    }

    @Test
    void anMp4IsH264AtTheSizeAskedWhenFfmpegIsThere() throws Exception {
        AnimatedExport.Request mp4 = new AnimatedExport.Request(ClipFormat.MP4, CardSize.HD, 1.0, 10, null);
        if (FfmpegClipWriter.findFfmpeg() == null) {
            assertTrue(mp4.problem(pinned).contains("needs ffmpeg"), "without ffmpeg, one clear line says what to install");
            return;
        }
        Path target = folder.resolve("clip.mp4");
        AnimatedExport.Result result = AnimatedExport.write(pinned, mp4, target, (d, t) -> { }, () -> false);
        assertTrue(result.bytes() > 1000);
        Process probe = new ProcessBuilder("ffprobe", "-v", "error", "-show_entries", "stream=codec_name,width,height",
                "-of", "csv=p=0", target.toString()).redirectErrorStream(true).start();
        String info = new String(probe.getInputStream().readAllBytes()).strip();
        assertEquals("h264,1280,720", info);
    }

    @Test
    void badSpeedsAndRatesAreNamed() {
        assertTrue(new AnimatedExport.Request(ClipFormat.GIF, CardSize.HD, 0.0, null, null).problem(pinned).contains("speed"));
        assertTrue(new AnimatedExport.Request(ClipFormat.GIF, CardSize.HD, Double.NaN, null, null).problem(pinned).contains("speed"));
        assertTrue(new AnimatedExport.Request(ClipFormat.GIF, CardSize.HD, null, 0, null).problem(pinned).contains("frame rate"));
        assertTrue(new AnimatedExport.Request(ClipFormat.GIF, CardSize.HD, 10_000.0, 60, null).problem(pinned).contains("frames"));
    }

    private static List<Path> list(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }
}
