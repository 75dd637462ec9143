package loomscope.ui.field;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When the field is one image; where its dots go is FieldLayout's (FieldLayoutTest, in the core). */
class DenseFieldTest {

    @Test
    void largeRunsAndRunsPastTwoPixelCellsAreOneImage() {
        assertFalse(DenseField.needed(5_000, 1384, 360));
        assertFalse(DenseField.needed(19_999, 1384, 360));
        assertTrue(DenseField.needed(20_000, 1384, 360), "a full repaint of 20,000 cells would be a visible freeze");
        assertTrue(DenseField.needed(15_000, 200, 100), "past 2 px cells");
        assertTrue(DenseField.needed(1_000_000, 1384, 360));
    }
}
