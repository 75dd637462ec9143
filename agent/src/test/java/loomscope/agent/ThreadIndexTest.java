package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The stream's id table answers as a map would: runs of ids, scattered ids, growth, and ids never given. */
class ThreadIndexTest {

    @Test
    void answersAsAMapWouldThroughGrowth() {
        ThreadIndex index = new ThreadIndex();
        Map<Long, Integer> expected = new HashMap<>();
        SplittableRandom random = new SplittableRandom(21);
        for (int i = 0; i < 300_000; i++) {
            // a JDK gives ids in runs; a long-lived target's are scattered over a wide range
            long id = i % 3 == 0 ? random.nextLong(1, Long.MAX_VALUE) : 1_000 + i;
            if (index.get(id) == ThreadIndex.ABSENT) {
                assertEquals(expected.size(), index.add(id));
                expected.put(id, expected.size());
            }
            if (i % 1_000 == 0) {
                long absent = -1 - random.nextLong(1, Long.MAX_VALUE);   // negative: never added
                assertEquals(ThreadIndex.ABSENT, index.get(absent));
            }
        }
        assertEquals(expected.size(), index.size());
        expected.forEach((id, vt) -> assertEquals(vt, index.get(id), "id " + id));
    }

    @Test
    void idZeroIsAnIdLikeAnother() {
        ThreadIndex index = new ThreadIndex();
        assertEquals(0, index.add(5));
        assertEquals(ThreadIndex.ABSENT, index.get(0));
        assertEquals(1, index.add(0));
        assertEquals(2, index.add(6));
        assertEquals(1, index.get(0));
        assertEquals(0, index.get(5));
        assertEquals(3, index.size());
    }

    @Test
    void aFullTableForgetsAndIndicesGoOnCountingUp() {
        ThreadIndex index = new ThreadIndex(1 << 10);   // holds at most 512 ids
        for (long id = 1; id <= 512; id++) {
            assertEquals(id - 1, index.add(id));
        }
        assertEquals(0, index.forgotten());
        assertEquals(511, index.get(512));
        // the 513th id finds the table full: everything held is forgotten, and the new id gets the next index
        assertEquals(512, index.add(513));
        assertEquals(512, index.forgotten());
        assertEquals(ThreadIndex.ABSENT, index.get(1));
        assertEquals(512, index.get(513));
        // a forgotten id comes again: a new index, never an old one reused
        assertEquals(513, index.add(1));
        assertEquals(514, index.size());
    }

    @Test
    void aBoundedTableStaysAtItsSizeHoweverManyIdsCome() {
        ThreadIndex index = new ThreadIndex(1 << 12);
        for (long id = 1; id <= 1_000_000; id++) {
            int vt = index.get(id);
            if (vt == ThreadIndex.ABSENT) {
                vt = index.add(id);
            }
            assertEquals(id - 1, vt);
        }
        assertEquals(1_000_000, index.size());
        assertTrue(index.forgotten() > 1_000_000 - 2048, "forgot all but what the table holds: " + index.forgotten());
        assertTrue(index.slots() <= 1 << 12, "slots: " + index.slots());
    }
}
