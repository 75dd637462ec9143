package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/**
 * A stream (a live agent or a saved file) of pinned events whose deep stacks are all distinct is ended by the bound on
 * distinct stacks, after a tenth of a gigabyte, not after the whole session's budget: a hostile 1 GB file took 39 s
 * and 3.5 GB before this bound (docs/attach.md, "Security"), 15.6 s and 0.4 GB with it at load average 35.
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
            public int read() {
                if (at == line.length) {
                    StringBuilder frames = new StringBuilder();
                    for (int k = 0; k < 24; k++) {
                        frames.append(k == 0 ? "" : ",").append("p").append(event).append(".C").append(k)
                                .append(".m(Unknown+Source:").append(k).append(')').append("x".repeat(200));
                    }
                    line = ("P " + (1000 + event) + " " + (1000 + event) + " 2000000 c r o " + frames + "\n")
                            .getBytes(StandardCharsets.UTF_8);
                    at = 0;
                    event++;
                    if (produced[0] > (1L << 30)) {
                        return -1;   // never reached: the bound ends the reading long before
                    }
                }
                produced[0]++;
                return line[at++];
            }
        };
        AgentStreamReader.Ending ending = new AgentStreamReader(new AttachedEpisodes(SessionBudget.BYTES))
                .read(new java.io.BufferedInputStream(endless, 1 << 16));
        AgentStreamReader.Ending.Bounded bounded = assertInstanceOf(AgentStreamReader.Ending.Bounded.class, ending);
        assertTrue(bounded.why().contains("its distinct stacks"), bounded.why());
        assertTrue(produced[0] < 2 * SessionBudget.STACK_BYTES, "read " + produced[0] + " bytes");
    }
}
