package loomscope.ui.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class BoundsTest {

    @Test
    void seedBoundsAndWhereARunLands() {
        // the seeds' numbers: 5,000 tasks, 0.2 ms CPU each, 5 ms sleep, one carrier
        Bounds b = Bounds.of(0.2, 5000, 5, 1);
        assertEquals(26.0, b.pinnedSeconds(), 1e-9);
        assertEquals(1.005, b.unpinnedSeconds(), 1e-9);
        assertEquals(0, b.position(b.unpinnedSeconds()), 1e-9);
        assertEquals(1, b.position(b.pinnedSeconds()), 1e-9);
        double middle = Math.sqrt(b.pinnedSeconds() * b.unpinnedSeconds());
        assertEquals(0.5, b.position(middle), 1e-9, "log scale: the geometric mean is halfway");
        assertEquals(0.5, Bounds.of(0.2, 5000, 5, 2).pinnedSeconds() / b.pinnedSeconds(), 1e-9);
    }
}
