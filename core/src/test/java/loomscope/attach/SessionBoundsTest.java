package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** What a session may take of the heap and which times it may tell. */
class SessionBoundsTest {

    @Test
    void memoryIsTakenUpToItsLimitAndTheRefusalNamesWhatAndHowMany() {
        SessionBounds file = new SessionBounds(2L << 20, false);
        file.take("virtual threads", 1, 1L << 20);
        file.take("virtual threads", 2, 1L << 20);
        SessionBounds.Bound past = assertThrows(SessionBounds.Bound.class, () -> file.take("virtual threads", 3, 1));
        assertEquals("its virtual threads (3 so far) need more memory than LoomScope gives a saved run (2 MB)",
                past.getMessage());
        SessionBounds live = new SessionBounds(4L << 20, true);
        assertTrue(assertThrows(SessionBounds.Bound.class, () -> live.take("carriers", 1, 5L << 20)).getMessage()
                .endsWith("gives one session (4 MB)"));
    }

    @Test
    void episodesMayTakeThreeQuartersOfALiveSessionsMemory() {
        SessionBounds live = new SessionBounds(4_000, true);
        live.take("episodes", 1, 2_900);
        assertFalse(live.pastEpisodesShare(100));
        assertTrue(live.pastEpisodesShare(101));
    }

    @Test
    void timesBeforeTheOriginOrPastTheirBoundAreImpossible() {
        SessionBounds file = new SessionBounds(1 << 20, false);
        file.checkTime("an episode's start", 0, 0);
        file.checkTime("a carrier seen", -5, -SessionBounds.MAX_NANOS);
        assertEquals("impossible times: an episode's start at -1 ns, before the session's start",
                assertThrows(IllegalArgumentException.class, () -> file.checkTime("an episode's start", -1, 0))
                        .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> file.checkTime("a heartbeat", SessionBounds.MAX_NANOS + 1, 0)).getMessage()
                .endsWith("more than 30 days after the session's start"));
        SessionBounds live = new SessionBounds(1 << 20, true);
        live.hello();
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> live.checkTime("a heartbeat", TimeUnit.HOURS.toNanos(1), 0)).getMessage()
                .endsWith("later than now"), "a live agent's time is at most a minute past ours since its hello");
        SessionBounds.checkDuration("a JFR witness", SessionBounds.MAX_NANOS);
        assertThrows(IllegalArgumentException.class, () -> SessionBounds.checkDuration("a JFR witness", -1));
    }

    @Test
    void textIsCountedByItsRealBytes() {
        assertEquals(3, SessionBounds.textBytes("abé"));
        assertEquals(6, SessionBounds.textBytes("ab\u4e2d"));
    }
}
