package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * A stream (a live agent or a saved file) of pinned events whose deep stacks are all distinct is ended by the bound on
 * distinct stacks, after 32 MB of them, not after the whole session's budget: a hostile 1 GB file took 39 s and 3.5 GB
 * before this bound (docs/attach.md, "Security"), 15.6 s and 0.4 GB with 128 MB at load average 35
 * ({@link HostileAgentFileBench} measures the file).
 */
class DistinctStacksBoundTest {
    @Test
    void distinctDeepStacksEndTheReadingAtTheirOwnBound() {
        long[] produced = {0};
        InputStream endless = new InputStream() {
            private byte[] line = "LOOMSCOPE-AGENT 1 25.0.3\nO 0\nI 1 Hostile\n".getBytes(StandardCharsets.UTF_8);
            private int at;
            private int event;

            @Override
            public int read(byte[] into, int off, int len) {
                if (at == line.length && !nextLine()) {
                    return -1;
                }
                int n = Math.min(len, line.length - at);
                System.arraycopy(line, at, into, off, n);
                at += n;
                produced[0] += n;
                return n;
            }

            @Override
            public int read() {
                if (at == line.length && !nextLine()) {
                    return -1;
                }
                produced[0]++;
                return line[at++];
            }

            /** The next pinned event's line, its 24 frames its own; false past a gigabyte (never reached). */
            private boolean nextLine() {
                if (produced[0] > (1L << 30)) {
                    return false;
                }
                StringBuilder frames = new StringBuilder();
                for (int k = 0; k < 24; k++) {
                    frames.append(k == 0 ? "" : ",").append("p").append(event).append(".C").append(k)
                            .append(".m(Unknown+Source:").append(k).append(')').append("x".repeat(200));
                }
                line = ("P " + (1000 + event) + " " + (1000 + event) + " 2000000 c r o " + frames + "\n")
                        .getBytes(StandardCharsets.UTF_8);
                at = 0;
                event++;
                return true;
            }
        };
        long t0 = System.nanoTime();
        AgentStreamReader.Ending ending = new AgentStreamReader(new AttachedEpisodes(SessionBudget.BYTES))
                .read(endless);
        System.out.printf("DistinctStacksBoundTest: ended after %,d bytes in %.2f s%n", produced[0],
                (System.nanoTime() - t0) / 1e9);
        AgentStreamReader.Ending.Bounded bounded = assertInstanceOf(AgentStreamReader.Ending.Bounded.class, ending);
        assertTrue(bounded.why().contains("its distinct stacks"), bounded.why());
        assertTrue(produced[0] < 2 * SessionBudget.STACK_BYTES, "read " + produced[0] + " bytes");
    }
}
