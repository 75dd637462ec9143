package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import loomscope.recording.MountIndex;
import loomscope.recording.RunRecording;

/**
 * The mount index of an attached target's threads: thousands of mounts a thread spread over many carriers (a yield
 * loop, a busy server), which arrive carrier by carrier and must come out in time order, none lost or doubled.
 */
class MountIndexOfAttachTest {
    private static final int CARRIERS = 8;
    private static final int THREADS = 3;
    private static final int EPISODES = 30_000;

    @Test
    void eachThreadsMountsOverManyCarriersAreInStartOrder() {
        StringBuilder stream = new StringBuilder("LOOMSCOPE-AGENT 1 25.0.3+9-LTS\nO 1000\n");
        for (int c = 0; c < CARRIERS; c++) {
            stream.append("C ").append(c).append(" 10 ForkJoinPool-1-worker-").append(c + 1).append('\n');
        }
        for (int v = 0; v < THREADS; v++) {
            stream.append("V ").append(v).append(' ').append(100 + v).append(" t").append(v).append('\n');
        }
        // thread k % 3 on carrier (k / 3) % 8, each episode later than the one before: per carrier in order
        for (int k = 0; k < EPISODES; k++) {
            long start = 1_000L * k;
            stream.append("M ").append((k / THREADS) % CARRIERS).append(' ').append(k % THREADS).append(' ')
                    .append(start).append(' ').append(start + 500).append(" 0 0\n");
        }
        stream.append("Z detached\n");
        AttachedEpisodes episodes = new AttachedEpisodes();
        new AgentStreamReader(episodes).read(new ByteArrayInputStream(stream.toString().getBytes(StandardCharsets.UTF_8)));
        RunRecording recording = episodes.toRecording("Target");

        MountIndex index = MountIndex.of(recording);
        assertEquals(EPISODES, index.totalMounts());
        Set<Long> seen = new HashSet<>();
        for (int v = 0; v < recording.threads(); v++) {
            assertEquals(EPISODES / THREADS, index.mountCount(v), "thread " + v);
            long previous = Long.MIN_VALUE;
            for (int k = 0; k < index.mountCount(v); k++) {
                int m = index.mount(v, k);
                long start = index.start(m);
                assertTrue(start > previous, "thread " + v + " mount " + k + " starts at " + start + " after " + previous);
                assertEquals(start, index.log(m).start(index.entry(m)), "the entry the index names");
                assertEquals(v, index.log(m).vt(index.entry(m)));
                assertTrue(seen.add(((long) index.carrier(m) << 32) | index.entry(m)), "each mount once");
                previous = start;
            }
        }
    }
}
