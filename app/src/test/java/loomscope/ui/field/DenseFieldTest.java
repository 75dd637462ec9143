package loomscope.ui.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The field's million-thread geometry: every thread has a dot, dots fill the area, clicks find their threads. */
class DenseFieldTest {

    @Test
    void largeRunsAndRunsPastTwoPixelCellsAreOneImage() {
        assertFalse(DenseField.needed(5_000, 1384, 360));
        assertFalse(DenseField.needed(19_999, 1384, 360));
        assertTrue(DenseField.needed(20_000, 1384, 360), "a full repaint of 20,000 cells would be a visible freeze");
        assertTrue(DenseField.needed(15_000, 200, 100), "past 2 px cells");
        assertTrue(DenseField.needed(1_000_000, 1384, 360));
    }

    @Test
    void aHundredThousandThreadsGetCellsWithGaps() {
        DenseField dense = new DenseField();
        dense.layout(100_000, 1384, 360);
        assertEquals(1, dense.perDot());
        assertEquals(2, dense.pitch(), "1,384 x 360 holds 100,000 cells of 2 px, not of 3");
        assertEquals(0, dense.threadAt(0, 0));
        assertEquals(1, dense.threadAt(2, 0));
        assertEquals(692, dense.threadAt(0, 2), "692 columns of 2 px");
        assertEquals(-1, dense.threadAt(1384, 0));
    }

    @Test
    void aMillionThreadsShareDotsAndEveryOneHasADot() {
        DenseField dense = new DenseField();
        dense.layout(1_000_000, 1384, 360);
        assertEquals(3, dense.perDot(), "1,384 x 360 = 498,240 pixels: 3 threads a dot");
        assertEquals(0, dense.threadAt(0, 0));
        assertEquals(3, dense.threadAt(1, 0));
        assertEquals(1384 * 3, dense.threadAt(0, 1));
        assertEquals(999_999 / 3 * 3, dense.threadAt((999_999 / 3) % 1384, (999_999 / 3) / 1384), "the last thread's dot");
        assertEquals(-1, dense.threadAt(1383, 359), "past the last dot");
        assertEquals(-1, dense.threadAt(-1, 0));
    }

    @Test
    void fewerThreadsThanPixelsGetADotEach() {
        DenseField dense = new DenseField();
        dense.layout(300_000, 1384, 360);
        assertEquals(1, dense.perDot());
        assertEquals(299_999, dense.threadAt(299_999 % 1384, 299_999 / 1384));
    }
}
