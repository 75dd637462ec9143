package loomscope.ui.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class FrameStatsTest {

    @Test
    void p95AndMaxGapOfPulses() {
        FrameStats s = new FrameStats();
        long t = 0;
        s.pulse(t);
        for (int i = 0; i < 100; i++) {
            t += i < 95 ? 16_000_000 : 40_000_000;
            s.pulse(t);
        }
        assertEquals(16.0, s.p95FrameMillis(), 1e-9);
        assertEquals(40.0, s.maxGapMillis(), 1e-9);
        s.resetMax();
        s.pulse(t + 20_000_000);
        assertEquals(20.0, s.maxGapMillis(), 1e-9);
    }

    @Test
    void framesLongerThanTheGoalAreCountedSinceTheReset() {
        FrameStats s = new FrameStats(() -> RunQueueWait.UNKNOWN);
        long t = 0;
        s.pulse(t);
        for (long gap : new long[] {16_000_000, 25_000_000, 20_000_000, 20_000_001, 17_000_000}) {
            t += gap;
            s.pulse(t);
        }
        assertEquals(2, s.slowFrames(), "25 ms and 20.000001 ms; exactly 20 ms meets the goal");
        s.reset();
        assertEquals(0, s.slowFrames());
        s.pulse(t + 30_000_000);
        assertEquals(1, s.slowFrames(), "the gap from the last pulse before the reset counts for the run");
    }

    @Test
    void cpuWaitIsCountedFromTheResetAndSharedOverTheFramesSince() {
        AtomicLong waited = new AtomicLong(5_000_000_000L);   // waits before the run do not count
        FrameStats s = new FrameStats(waited::get);
        s.reset();
        for (int i = 0; i < 4; i++) {
            s.pulse(i * 16_000_000L);
            waited.addAndGet(2_000_000);
        }
        assertEquals(2.0, s.cpuWaitMillisPerFrame(), 1e-9);
        assertEquals("\nFX thread waited for a CPU: 2.0 ms/frame", s.cpuWaitText("\n", "/frame"));
    }

    @Test
    void noCpuWaitWhereTheOsDoesNotSayIt() {
        FrameStats s = new FrameStats(() -> RunQueueWait.UNKNOWN);
        s.pulse(0);
        s.pulse(16_000_000);
        assertTrue(Double.isNaN(s.cpuWaitMillisPerFrame()));
        assertEquals("", s.cpuWaitText("\n", "/frame"));
    }
}
