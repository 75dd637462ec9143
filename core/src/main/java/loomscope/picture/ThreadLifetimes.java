package loomscope.picture;

import java.util.Arrays;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/**
 * When each thread of an application's run was alive as its agent saw it: from its first mount's start to its last
 * mount's end (the agent tells mounts, not a thread's start or end). The thread field of an application shows the
 * threads alive at the instant shown and counts those that ended, so that an hour of serving looks like a minute
 * (issue #45) instead of a field of every thread ever seen, each "unmounted".
 */
public final class ThreadLifetimes {
    private final long[] first;
    private final long[] last;

    private ThreadLifetimes(long[] first, long[] last) {
        this.first = first;
        this.last = last;
    }

    /** One pass over the mounts of {@code r}. */
    public static ThreadLifetimes of(RunRecording r) {
        int n = r.threads();
        long[] first = new long[n];
        long[] last = new long[n];
        Arrays.fill(first, Long.MAX_VALUE);
        Arrays.fill(last, Long.MIN_VALUE);
        for (CarrierLog log : r.carriers()) {
            int size = log.size();
            for (int i = 0; i < size; i++) {
                int vt = log.vt(i);
                if (vt >= 0 && vt < n) {
                    first[vt] = Math.min(first[vt], log.start(i));
                    last[vt] = Math.max(last[vt], log.end(i));
                }
            }
        }
        return new ThreadLifetimes(first, last);
    }

    public int threads() { return first.length; }

    /** Seen by {@code t} and mounted again at or after it: alive at {@code t}. */
    public boolean aliveAt(int vt, long t) {
        return first[vt] <= t && t <= last[vt];
    }

    /** Seen, and its last mount ended before {@code t}: it ended (as far as the agent saw). A thread never seen did not. */
    public boolean endedBefore(int vt, long t) {
        return first[vt] != Long.MAX_VALUE && last[vt] < t;
    }
}
