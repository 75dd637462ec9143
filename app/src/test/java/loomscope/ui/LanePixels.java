package loomscope.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecording;
import loomscope.ui.lanes.LanesCanvas;

/** The lanes read as pixels: red only where a pin's witness said so (issue #44). */
public final class LanePixels {
    private LanePixels() { }

    /**
     * The red pixels along the middle of each lane's trail in {@code image} (the lanes of {@code r} drawn with {@code g});
     * each must lie over a mount a pin's witness classed pinned, within a pixel's time either side. Returns how many.
     */
    public static int redOnlyOverPins(WritableImage image, RunRecording r, LanesCanvas.LaneGeometry g, Color red) {
        PixelReader pixels = image.getPixelReader();
        CarrierLog[] logs = r.carriers();
        double nanosPerPixel = (double) g.axis().span() / g.trailWidth();
        int reds = 0;
        for (int lane = 0; lane < Math.min(logs.length, g.lanes()); lane++) {
            int y = (int) (lane * g.laneStep() + g.laneHeight() / 2);
            for (int x = (int) Math.ceil(g.trailX()); x < g.trailX() + g.trailWidth() - 1; x++) {
                if (!pixels.getColor(x, y).equals(red)) {
                    continue;
                }
                reds++;
                long t = g.t0() + (long) ((x - g.trailX()) * nanosPerPixel);
                assertTrue(pinnedNear(logs[lane], t, (long) Math.ceil(nanosPerPixel) + 1),
                        "red at x " + x + " on lane " + lane + " over no mount a pin's witness classed");
            }
        }
        return reds;
    }

    private static boolean pinnedNear(CarrierLog log, long t, long slack) {
        for (int i = log.firstEndingAfter(t - slack); i < log.size() && log.start(i) <= t + slack; i++) {
            if (log.mountClass(i) == MountClass.PINNED) {
                return true;
            }
        }
        return false;
    }
}
