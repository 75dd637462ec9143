package loomscope.attach;

import java.util.Arrays;
/**
 * Which carriers get a lane, in which order, and which the pool added. A carrier with no episode among those shown
 * gets none (the agent also names carriers it knew from an earlier attach, which may have retired since). A
 * carrier is added by the pool when, at its first episode, {@code parallelism} others had ended an episode within
 * the pool's keep-alive (30 s for the JDK's scheduler: an idle worker is retired after it, so those were still
 * there); a carrier that replaced a retired one is not. Episodes arrive nearly in time order (each carrier's in
 * its own order, drained every 10 ms), so a few may be counted late: that errs towards not marking.
 */
record AttachedLanes(int[] shown, boolean[] added, int count) {
    static final long KEEP_ALIVE_NANOS = 30_000_000_000L;

    static AttachedLanes all(int carriers) {
        int[] shown = new int[carriers];
        for (int i = 0; i < carriers; i++) {
            shown[i] = i;
        }
        return new AttachedLanes(shown, new boolean[carriers], carriers);
    }

    /** Over episodes {@code from}.. of {@code columns}, those whose {@code vtOf[i - from]} is not -1 (null: all). */
    static AttachedLanes of(EpisodeColumns columns, int from, int[] vtOf, int carriers, int parallelism) {
        int[] shown = new int[carriers];
        Arrays.fill(shown, -1);
        boolean[] added = new boolean[carriers];
        long[] lastEnd = new long[carriers];
        Arrays.fill(lastEnd, Long.MIN_VALUE);
        int count = 0;
        for (int i = from; i < columns.size(); i++) {
            if (vtOf != null && vtOf[i - from] < 0) {
                continue;
            }
            AttachedEpisodes.Episode e = columns.get(i);
            int lane = e.lane();
            if (shown[lane] < 0) {
                int alive = 0;
                for (int other = 0; other < carriers; other++) {
                    if (other != lane && lastEnd[other] != Long.MIN_VALUE && e.start() - lastEnd[other] <= KEEP_ALIVE_NANOS) {
                        alive++;
                    }
                }
                added[lane] = alive >= parallelism;
                shown[lane] = count++;
            }
            lastEnd[lane] = Math.max(lastEnd[lane], e.end());
        }
        return new AttachedLanes(shown, added, count);
    }
}
