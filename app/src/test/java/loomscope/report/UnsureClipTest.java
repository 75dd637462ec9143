package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;

import javax.imageio.ImageIO;

import loomscope.picture.PictureTheme;
import loomscope.recording.RunRecording;
import loomscope.recording.UnsureRun;
import loomscope.recording.VtState;
import loomscope.ui.theme.HatchPaint;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.Test;

/**
 * A clip frame draws an unsure mount as the window does (its colour, hatched), with a legend entry only when the run
 * has one; and the exports' unsure colour is the one app.css gives the window's dark theme.
 */
class UnsureClipTest {
    private static final ClipColours DARK = ClipColours.of(PictureTheme.DARK);


    @Test
    void theUnsureMountIsHatchedInTheLaneAndTheBoxAndExplainedInTheLegend() throws IOException {
        RunRecording r = UnsureRun.record();
        BufferedImage frame = frameAt(r, 40);
        ImageIO.write(frame, "png", new File("target/unsure-clip-frame.png"));   // to look at, not compared
        Color unsure = DARK.of(VtState.UNSURE);
        // layout at 1920x1080 (scale 1): lane 0's trail bar y 272..330, x 314..1602; its box x 1626..1856
        assertTrue(count(frame, unsure, 314, 272, 1602, 330) > 20_000, "lane 0's trail is unsure");
        assertTrue(count(frame, DARK.unsureStripe, 314, 272, 1602, 330) > 10_000, "and hatched");
        assertEquals(0, count(frame, DARK.of(VtState.PINNED), 314, 250, 1856, 352), "never pinned red");
        assertEquals(0, count(frame, DARK.of(VtState.RUNNING), 314, 250, 1856, 352), "never running green");
        assertTrue(count(frame, unsure, 1626, 252, 1856, 350) > 5_000, "lane 0's box is unsure");
        assertEquals(0, count(frame, unsure, 314, 362, 1856, 460), "lane 1 (pinned, running) has no unsure");
        assertTrue(count(frame, unsure, 0, 180, 1920, 240) > 100, "the legend has an unsure swatch");
        // the field starts at (64, 580) with cells 48 px apart (FieldLayout.MAX_PITCH): VT 0's is the first
        assertTrue(count(frame, unsure, 64, 580, 103, 619) > 500, "VT 0's cell in the field is unsure");
        assertTrue(count(frame, DARK.unsureStripe, 64, 580, 103, 619) > 300, "and hatched");
    }

    @Test
    void aRunWithoutUnsureMountsHasNoUnsureAnywhere() {
        BufferedImage frame = frameAt(UnsureRun.record(false), 40);
        assertEquals(0, count(frame, DARK.of(VtState.UNSURE), 0, 0, 1920, 1080));
        assertTrue(count(frame, DARK.of(VtState.RUNNING), 314, 272, 1602, 330) > 20_000, "VT 0 runs instead");
    }

    @Test
    void theExportsUnsureAndItsHatchAreTheWindowsInEveryTheme() {
        for (PictureTheme theme : PictureTheme.values()) {
            javafx.scene.paint.Color window = Palette.of(theme).of(VtState.UNSURE);
            ClipColours clip = ClipColours.of(theme);
            assertEquals(rgb(window), clip.of(VtState.UNSURE).getRGB() & 0xFFFFFF, theme + ": clip = canvases");
            assertEquals(rgb(HatchPaint.stripe(window)), clip.unsureStripe.getRGB() & 0xFFFFFF, theme + ": the same hatch");
        }
    }

    private static BufferedImage frameAt(RunRecording r, long ms) {
        ClipFramePainter painter = new ClipFramePainter(r, CardSize.FULL_HD, "unsure", ClipPlan.of(r, 1.0, 10), PictureTheme.DARK);
        return painter.paint(UnsureRun.at(r, ms));
    }

    private static int rgb(javafx.scene.paint.Color c) {
        return (int) Math.round(c.getRed() * 255) << 16 | (int) Math.round(c.getGreen() * 255) << 8
                | (int) Math.round(c.getBlue() * 255);
    }

    private static int count(BufferedImage img, Color c, int x0, int y0, int x1, int y1) {
        int n = 0;
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                n += (img.getRGB(x, y) & 0xFFFFFF) == (c.getRGB() & 0xFFFFFF) ? 1 : 0;
            }
        }
        return n;
    }
}
