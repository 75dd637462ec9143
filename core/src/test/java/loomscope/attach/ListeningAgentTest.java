package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The printed {@code --connect} command names an address one can connect to, never 0.0.0.0. */
class ListeningAgentTest {
    private static final String FP = "ab".repeat(32);
    private static final String TOKEN = "0123456789abcdef0123456789abcdef";

    @Test
    void aWildcardIsNamedByTheLoopbackAndSaidToBeExposed() {
        ListeningAgent all = new ListeningAgent(1, "0.0.0.0:7071", FP, TOKEN);
        assertEquals("loomscope attach --connect 127.0.0.1:7071 --token " + TOKEN + " --fingerprint " + FP,
                all.connectCommand());
        assertTrue(all.exposed());
        assertEquals("[::1]:7071", new ListeningAgent(1, "[::]:7071", FP, TOKEN).reachableAddress());
        ListeningAgent loopback = new ListeningAgent(1, "127.0.0.1:7071", FP, TOKEN);
        assertEquals("127.0.0.1:7071", loopback.reachableAddress());
        assertFalse(loopback.exposed());
        assertTrue(new ListeningAgent(1, "10.0.0.5:7071", FP, TOKEN).exposed());
    }
}
