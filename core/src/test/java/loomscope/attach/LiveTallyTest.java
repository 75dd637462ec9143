package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * {@code attach --every}'s counts from a session whose window holds only its newest episodes: each mount settled is
 * tallied once, by its class; those that left the window before they settled are counted as not tallied; a held mount
 * no witness explains is not yet classed until the settle horizon passes it, then unsure.
 */
class LiveTallyTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private static AttachedEpisodes oneCarrier(int threads) {
        AttachedEpisodes e = new AttachedEpisodes();
        e.hello("25.0.3");
        e.carrier(0, 0, "ForkJoinPool-1-worker-1");
        for (int vt = 0; vt < threads; vt++) {
            e.virtualThread(vt, 100 + vt, "vt" + vt);
        }
        return e;
    }

    @Test
    void aSettledMountIsTalliedOnceAndOnesThatLeftTheWindowFirstAreNotTallied() {
        AttachedEpisodes e = oneCarrier(1);
        for (int i = 0; i < 10; i++) {
            e.episode(0, 0, i * 10 * MS, i * 10 * MS + MS, 0, false);
        }
        e.heartbeat(TimeUnit.SECONDS.toNanos(10));
        LiveTally tally = new LiveTally(e, "Main", 4, 100);
        LiveTally.Counts first = tally.next(5);
        assertEquals(10, first.mounts());
        assertEquals(6, first.notTallied(), "the window held the newest 4 of 10: " + first);
        assertEquals(first, tally.next(5), "nothing new: nothing counted twice");
        e.episode(0, 0, 100 * MS, 101 * MS, 0, false);
        e.episode(0, 0, 110 * MS, 111 * MS, 0, false);
        LiveTally.Counts second = tally.next(5);
        assertEquals(12, second.mounts());
        assertEquals(6, second.notTallied(), "the two new ones tallied, the two of the window tallied before not again: "
                + second);
    }

    @Test
    void aHeldMountIsNotYetClassedUntilTheHorizonPassesItThenUnsureAndAPinnedParkIsPinnedOnce() {
        AttachedEpisodes e = oneCarrier(2);
        e.episode(0, 0, 0, 5 * MS, 5 * MS, true);          // the agent's hook saw it park pinned: a pin's witness
        e.episode(0, 1, 10 * MS, 15 * MS, 5 * MS, false);  // held, and no witness says why
        LiveTally tally = new LiveTally(e, "Main", 100, 100);
        LiveTally.Counts open = tally.next(5);
        assertEquals(new LiveTally.Counts(2, 1, 0, 0, 0, 1, 0, List.of(new LiveTally.Site("(no stack)", "pinned", 1))),
                open);
        e.heartbeat(TimeUnit.SECONDS.toNanos(5));   // past the settle horizon
        LiveTally.Counts settled = tally.next(5);
        assertEquals(new LiveTally.Counts(2, 1, 0, 0, 1, 0, 0, List.of(new LiveTally.Site("(no stack)", "pinned", 1))),
                settled);
        assertEquals(settled, tally.next(5), "tallied once");
        assertEquals(List.of(), tally.next(0).sites());
    }
}
