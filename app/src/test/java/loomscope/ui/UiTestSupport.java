package loomscope.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import org.testfx.util.WaitForAsyncUtils;

/** Waiting on the FX thread's view of things, and counting a colour's pixels in a canvas snapshot. */
public final class UiTestSupport {
    private UiTestSupport() { }

    public static <T> T onFx(Callable<T> work) {
        try {
            // a ceiling: a loaded machine can keep the FX thread from its queue for seconds
            return WaitForAsyncUtils.asyncFx(work).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("FX work failed", e);
        }
    }

    public static void fx(Runnable work) {
        onFx(() -> {
            work.run();
            return null;
        });
    }

    /**
     * Waits until {@code scene} has been through a whole pulse begun after this call: its styles applied and laid out.
     * What a key or a property changed shows in fonts, sizes and bounds only then, and the test JVMs pulse 15 times a
     * second (app's pom), so the FX thread's queue can be empty well before it.
     */
    public static void afterNextPulse(Scene scene) {
        CountDownLatch pulsed = new CountDownLatch(1);
        fx(() -> {
            Runnable[] once = new Runnable[1];
            once[0] = () -> {
                if (pulsed.getCount() > 0) {
                    pulsed.countDown();
                    // not from inside the scene's own loop over its listeners
                    Platform.runLater(() -> scene.removePostLayoutPulseListener(once[0]));
                }
            };
            scene.addPostLayoutPulseListener(once[0]);
            Platform.requestNextPulse();
        });
        try {
            // a ceiling: a loaded machine can keep the FX thread from its pulse for seconds
            if (!pulsed.await(60, TimeUnit.SECONDS)) {
                throw new AssertionError("no pulse within 60 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for a pulse", e);
        }
    }

    /** Polls {@code condition} on the FX thread until it holds. */
    public static void waitFor(double seconds, String what, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor((long) (seconds * 1000), TimeUnit.MILLISECONDS, () -> onFx(condition::getAsBoolean));
        } catch (Exception e) {
            throw new AssertionError("timed out after " + seconds + " s waiting for: " + what, e);
        }
    }

    public static WritableImage snapshot(Canvas canvas) {
        return onFx(() -> canvas.snapshot(null, null));
    }

    /** Pixels within 2/255 per channel of {@code colour}, in the region [x0, x1) x [y0, y1) (all if null). */
    public static int countPixels(WritableImage image, Color colour, int x0, int y0, int x1, int y1) {
        PixelReader reader = image.getPixelReader();
        int count = 0;
        for (int y = y0; y < Math.min(y1, (int) image.getHeight()); y++) {
            for (int x = x0; x < Math.min(x1, (int) image.getWidth()); x++) {
                Color c = reader.getColor(x, y);
                if (Math.abs(c.getRed() - colour.getRed()) < 0.01 && Math.abs(c.getGreen() - colour.getGreen()) < 0.01
                        && Math.abs(c.getBlue() - colour.getBlue()) < 0.01) {
                    count++;
                }
            }
        }
        return count;
    }

    public static int countPixels(WritableImage image, Color colour) {
        return countPixels(image, colour, 0, 0, (int) image.getWidth(), (int) image.getHeight());
    }
}
