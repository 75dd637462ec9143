package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Episodes kept in columns as they came, past a growth, up to the bound; the rest counted. */
class EpisodeColumnsTest {

    @Test
    void keepsUpToTheBoundAndCountsTheRest() {
        EpisodeColumns c = new EpisodeColumns(5_000);
        for (int i = 0; i < 5_003; i++) {
            c.add(i % 3, i, i * 10L, i * 10L + 5, i % 2 == 0 ? 0 : -1, i % 7 == 0);
        }
        assertEquals(5_000, c.size());
        assertEquals(3, c.notKept());
        assertEquals(new AttachedEpisodes.Episode(4_999 % 3, 4_999, 49_990, 49_995, -1, false), c.get(4_999));
        assertEquals(49_980, c.view(5_000).get(4_998).start());
        assertThrows(IndexOutOfBoundsException.class, () -> c.view(10).get(10));
    }
}
