package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import loomscope.attach.ListeningAgent;

/** What {@code attach PID --listen} prints once the agent listens: lines or one JSON object, a warning off the loopback. */
class ListenAnswerTest {
    private static final String FINGERPRINT = "3f".repeat(32);
    private static final String TOKEN = "k9Vq2xLm8pRt4wYz";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private void print(ListeningAgent agent, boolean json) {
        ListenAnswer.print(agent, json, new PrintWriter(out), new PrintWriter(err));
    }

    @Test
    void anAgentOnTheLoopbackIsToldInThreeLinesWithTheConnectCommandAndNoWarning() {
        print(new ListeningAgent(4321, "127.0.0.1:7071", FINGERPRINT, TOKEN), false);
        List<String> lines = out.toString().lines().toList();
        assertEquals(3, lines.size(), out.toString());
        assertEquals("pid 4321 listens on 127.0.0.1:7071 (TLS 1.3) for LoomScope, until it exits; certificate SHA-256 "
                + FINGERPRINT + ".", lines.get(0));
        assertEquals("  loomscope attach --connect 127.0.0.1:7071 --token " + TOKEN + " --fingerprint " + FINGERPRINT,
                lines.get(2));
        assertEquals("", err.toString(), "the loopback is off the network");
    }

    @Test
    void jsonIsOneObjectOnStdoutAndAnAgentTheNetworkReachesIsWarnedOfOnStderr() throws Exception {
        print(new ListeningAgent(4321, "0.0.0.0:7071", FINGERPRINT, TOKEN), true);
        List<String> lines = out.toString().lines().toList();
        assertEquals(1, lines.size(), out.toString());
        JsonNode node = new ObjectMapper().readTree(lines.get(0));
        assertEquals(4321, node.get("pid").asLong());
        assertEquals("0.0.0.0:7071", node.get("listening").asText());
        assertEquals(FINGERPRINT, node.get("fingerprint").asText());
        assertEquals(TOKEN, node.get("token").asText());
        assertEquals("loomscope attach --connect 127.0.0.1:7071 --token " + TOKEN + " --fingerprint " + FINGERPRINT,
                node.get("connect").asText(), "a wildcard address is reached through the loopback's");
        List<String> warned = err.toString().lines().toList();
        assertEquals(1, warned.size(), err.toString());
        assertTrue(warned.get(0).startsWith("loomscope: warning: pid 4321 listens on 0.0.0.0:7071, which the network can reach"),
                warned.get(0));
    }
}
