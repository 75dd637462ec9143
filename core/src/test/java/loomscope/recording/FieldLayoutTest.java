package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The field's geometry, window and clip alike: every thread has a dot, dots fill the area, clicks find their threads. */
class FieldLayoutTest {

    @Test
    void aHundredThousandThreadsGetCellsWithGaps() {
        FieldLayout layout = FieldLayout.fit(100_000, 1384, 360, 1);
        assertEquals(1, layout.perDot());
        assertEquals(2, layout.pitch(), "1,384 x 360 holds 100,000 cells of 2 px, not of 3");
        assertEquals(0, layout.threadAt(0, 0));
        assertEquals(1, layout.threadAt(2, 0));
        assertEquals(692, layout.threadAt(0, 2), "692 columns of 2 px");
        assertEquals(-1, layout.threadAt(1384, 0));
    }

    @Test
    void aMillionThreadsShareDotsAndEveryOneHasADot() {
        FieldLayout layout = FieldLayout.fit(1_000_000, 1384, 360, 1);
        assertEquals(3, layout.perDot(), "1,384 x 360 = 498,240 pixels: 3 threads a dot");
        assertEquals(0, layout.threadAt(0, 0));
        assertEquals(3, layout.threadAt(1, 0));
        assertEquals(1384 * 3, layout.threadAt(0, 1));
        assertEquals(999_999 / 3 * 3, layout.threadAt((999_999 / 3) % 1384, (999_999 / 3) / 1384), "the last thread's dot");
        assertEquals(-1, layout.threadAt(1383, 359), "past the last dot");
        assertEquals(-1, layout.threadAt(-1, 0));
    }

    @Test
    void fewerThreadsThanPixelsGetADotEach() {
        FieldLayout layout = FieldLayout.fit(300_000, 1384, 360, 1);
        assertEquals(1, layout.perDot());
        assertEquals(299_999, layout.threadAt(299_999 % 1384, 299_999 / 1384));
    }

    @Test
    void everyThreadsCellIsInsideTheAreaAndFindsItsThread() {
        for (int n : new int[] {1, 7, 40, 200, 5_000, 123_457}) {
            FieldLayout layout = FieldLayout.fit(n, 1000, 300, 1);
            assertTrue(layout.width() <= 1000 && layout.height() <= 300, n + " threads: " + layout);
            for (int vt = 0; vt < n; vt += Math.max(1, n / 500)) {
                int dot = layout.dotOf(vt);
                int x = layout.cellX(dot);
                int y = layout.cellY(dot);
                assertTrue(x + layout.cell() <= 1000 && y + layout.cell() <= 300, "VT " + vt + " of " + n);
                assertEquals(dot * layout.perDot(), layout.threadAt(x + layout.cell() / 2.0, y + layout.cell() / 2.0));
            }
        }
    }

    @Test
    void aFewThreadsGetCellsOfAtMostTheOnePitchScaledWithTheirPixels() {
        assertEquals(48, FieldLayout.fit(3, 1792, 430, 1).pitch(), "window, and a Full HD clip");
        assertEquals(47, FieldLayout.fit(3, 1792, 430, 1).cell(), "a pixel's gap between cells");
        assertEquals(32, FieldLayout.fit(3, 1195, 287, 1280 / 1920.0).pitch(), "an HD clip: the same cells, scaled");
        assertEquals(4, FieldLayout.fit(5_000, 1000, 160, 1).cell(), "5 px cells keep a gap");
        assertEquals(4, FieldLayout.fit(10_000, 1000, 160, 1).cell(), "4 px cells have none");
    }

    @Test
    void aSharedDotShowsTheStateMostOfItsThreadsAreIn() {
        FieldLayout layout = FieldLayout.fit(7, 1, 2, 1);
        assertEquals(4, layout.perDot(), "7 threads in 2 pixels");
        byte run = (byte) VtState.RUNNING.ordinal();
        byte pin = (byte) VtState.PINNED.ordinal();
        byte done = (byte) VtState.DONE.ordinal();
        byte[] states = {run, pin, pin, done, done, run, done};
        int[] tally = new int[VtState.COUNT];
        assertEquals(pin, layout.dotState(states, 0, tally));
        assertEquals(done, layout.dotState(states, 1, tally), "the last dot holds the 3 threads left");
    }
}
