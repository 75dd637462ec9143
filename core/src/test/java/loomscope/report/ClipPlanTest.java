package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How many frames a clip has: counted in long arithmetic, and refused past the limit rather than wrapped. */
class ClipPlanTest {

    @Test
    void aRunOfTwoToTheSixtySecondNanosIsRefusedNotWrapped() {
        // endNanos = 2^62 at 10 fps, 1x: 4.6e10 frames, which an int cast made -1,127,780,061 and "fitting"
        ClipPlan plan = new ClipPlan(0, 1L << 62, 1, 10, 10, 1L << 62);
        assertEquals(46_116_860_185L, plan.runFrameCount());
        assertFalse(plan.fits());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, plan::totalFrames);
        assertTrue(e.getMessage().contains("more than 18,000 frames"), e.getMessage());
    }

    @Test
    void moreFramesThanALongSaturatesInsteadOfWrapping() {
        ClipPlan longest = new ClipPlan(0, Long.MAX_VALUE, AnimatedExport.Request.MAX_SLOWDOWN, 60, 60, Long.MAX_VALUE);
        assertEquals(5_534_023_222_112_866L, longest.runFrameCount());
        assertFalse(longest.fits());
        ClipPlan beyond = new ClipPlan(0, Long.MAX_VALUE, 1e300, 60, 60, Long.MAX_VALUE);
        assertEquals(Long.MAX_VALUE, beyond.runFrameCount());
        assertFalse(beyond.fits());
    }

    @Test
    void aClipAtTheLimitFitsAndOneFrameMoreDoesNot() {
        // 299.5 s of run at 1x and 60 fps is 17,970 frames, + 30 held: exactly the limit
        ClipPlan atLimit = new ClipPlan(0, 299_500_000_000L, 1, 60, 30, 299_500_000_000L);
        assertEquals(18_000, atLimit.totalFrames());
        assertTrue(atLimit.fits());
        ClipPlan over = new ClipPlan(0, 299_500_000_001L, 1, 60, 30, 299_500_000_001L);
        assertFalse(over.fits());
    }
}
