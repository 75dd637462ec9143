package loomscope.ui.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
