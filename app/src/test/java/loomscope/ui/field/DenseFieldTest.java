package loomscope.ui.field;

import static loomscope.ui.UiTestSupport.countPixels;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import javafx.scene.canvas.Canvas;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import loomscope.picture.PictureTheme;
import loomscope.recording.FieldLayout;
import loomscope.recording.VtState;
import loomscope.ui.theme.HatchPaint;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** When the field is one image, and how its dots look; where they go is FieldLayout's (FieldLayoutTest, in the core). */
@ExtendWith(ApplicationExtension.class)
class DenseFieldTest {

    @Start
    void start(Stage stage) {
        // the toolkit runs; the canvas below needs no stage of its own
    }

    @Test
    void largeRunsAndRunsPastTwoPixelCellsAreOneImage() {
        assertFalse(DenseField.needed(5_000, 1384, 360));
        assertFalse(DenseField.needed(19_999, 1384, 360));
        assertTrue(DenseField.needed(20_000, 1384, 360), "a full repaint of 20,000 cells would be a visible freeze");
        assertTrue(DenseField.needed(15_000, 200, 100), "past 2 px cells");
        assertTrue(DenseField.needed(1_000_000, 1384, 360));
    }

    @Test
    void unsureDotsAreHatchedAsTheLanesAndTheClipsFieldAreOthersPlain() {
        Palette palette = Palette.of(PictureTheme.DARK);
        Color unsure = palette.of(VtState.UNSURE);
        Color stripe = HatchPaint.stripe(unsure);
        int threads = 40_000;
        byte[] states = new byte[threads];
        Arrays.fill(states, 0, threads / 2, (byte) VtState.UNSURE.ordinal());
        Arrays.fill(states, threads / 2, threads, (byte) VtState.PINNED.ordinal());
        WritableImage image = onFx(() -> {
            Canvas canvas = new Canvas(400, 200);
            DenseField field = new DenseField();
            field.layout(FieldLayout.fit(threads, 400, 200, 1));
            field.setPalette(palette);
            field.paint(canvas.getGraphicsContext2D(), states, DenseField.argbOf(palette.laneBackground()));
            return canvas.snapshot(null, null);
        });
        int unsurePixels = countPixels(image, unsure);
        int stripePixels = countPixels(image, stripe);
        assertTrue(unsurePixels > 1_000, "unsure dots in their colour: " + unsurePixels);
        assertTrue(stripePixels > 500, "and crossed by the stripes: " + stripePixels);
        assertTrue(countPixels(image, palette.pinned()) > 1_000, "pinned dots");
        assertEquals(0, countPixels(image, HatchPaint.stripe(palette.pinned())), "pinned dots carry no stripes");
    }
}
