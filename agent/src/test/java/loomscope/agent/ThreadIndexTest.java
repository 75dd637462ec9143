package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
