package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An encoder that stops reading ({@link StuckEncoder}): the export must not hang, and the encoder must not
 * outlive it.
 */
class FfmpegClipWriterTest {

    @TempDir
    Path dir;

    private static BufferedImage frame() {
        return new BufferedImage(CardSize.HD.width(), CardSize.HD.height(), BufferedImage.TYPE_INT_RGB);
    }

    @Test
    void anEncoderThatStopsReadingIsStoppedWithItsChildAndSaysWhy() throws Exception {
        Path encoder = StuckEncoder.in(dir);
        FfmpegClipWriter writer = new FfmpegClipWriter(encoder, dir.resolve("clip.mp4"), ClipFormat.MP4,
                CardSize.HD.width(), CardSize.HD.height(), 30, Duration.ofSeconds(1).toNanos(), () -> false);
        ProcessHandle child = StuckEncoder.child(dir);
        assertTrue(child != null && child.isAlive(), "the stand-in's child runs");
        // one frame is 2.7 MB: more than a pipe holds, so the write blocks until the encoder reads
        IOException e = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(IOException.class, () -> writer.frame(frame())), "a stuck encoder hung the export");
        writer.close();
        assertTrue(e.getMessage().contains("took no frame for 1 s"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
        assertTrue(StuckEncoder.endsWithin(child, Duration.ofSeconds(10)), "the encoder's own child was killed too, not orphaned");
    }

    @Test
    void anEncoderThatEndsWellWithoutWritingTheClipIsAFailure() throws Exception {
        Path encoder = dir.resolve("swallows-frames");
        java.nio.file.Files.writeString(encoder, "#!/bin/sh\ncat > /dev/null\nexit 0\n");
        assertTrue(encoder.toFile().setExecutable(true));
        Path clip = dir.resolve("clip.mp4");
        try (FfmpegClipWriter writer = new FfmpegClipWriter(encoder, clip, ClipFormat.MP4,
                CardSize.HD.width(), CardSize.HD.height(), 30, Duration.ofSeconds(60).toNanos(), () -> false)) {
            writer.frame(frame());
            IOException e = assertThrows(IOException.class, writer::finish);
            assertTrue(e.getMessage().contains("ended without writing the clip"), e.getMessage());
        }
        assertFalse(java.nio.file.Files.exists(clip));
    }

    @Test
    void aCancelDoesNotWaitForAStuckEncoder() throws Exception {
        Path encoder = StuckEncoder.in(dir);
        AtomicBoolean cancel = new AtomicBoolean();
        FfmpegClipWriter writer = new FfmpegClipWriter(encoder, dir.resolve("clip.mp4"), ClipFormat.MP4,
                CardSize.HD.width(), CardSize.HD.height(), 30, Duration.ofMinutes(10).toNanos(), cancel::get);
        ProcessHandle child = StuckEncoder.child(dir);
        Thread.ofPlatform().daemon().start(() -> {
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            cancel.set(true);
        });
        assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> assertThrows(AnimatedExport.Cancelled.class, () -> writer.frame(frame())));
        writer.close();
        assertTrue(StuckEncoder.endsWithin(child, Duration.ofSeconds(10)), "the encoder's child was killed on cancel");
    }
}
