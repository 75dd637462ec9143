package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class PinnedEventIndexTest {
    private static PinnedEvent event(int lane, long start, long duration) {
        return new PinnedEvent(start, duration, lane < 0 ? null : "loomscope-carrier-" + lane, lane, null, null, List.of(), 0);
    }

    @Test
    void keepsEachLaneSortedWhateverTheArrivalOrder() {
        PinnedEventIndex index = new PinnedEventIndex();
        index.addAll(List.of(event(1, 300, 50), event(1, 100, 50), event(0, 10, 5), event(1, 200, 50), event(-1, 0, 9)));
        assertEquals(5, index.size());
        assertEquals(1, index.withoutLane());
        assertEquals(3, index.count(1));
        assertEquals(100, index.start(1, 0));
        assertEquals(250, index.end(1, 1));
        assertEquals(1, index.firstEndingAfter(1, 150));
        assertTrue(index.covers(1, 220));
        assertFalse(index.covers(1, 260));
        assertFalse(index.covers(2, 0));
        for (int i = 0; i < 200; i++) {
            index.addAll(List.of(event(2, 10_000 - i * 10L, 5)));
        }
        for (int i = 1; i < index.count(2); i++) {
            assertTrue(index.start(2, i - 1) < index.start(2, i));
        }
    }
}
