package loomscope.cli;

import java.io.PrintWriter;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.attach.ListeningAgent;

/**
 * What {@code attach PID --listen} tells its user once the agent listens: where, the certificate's SHA-256 and the
 * {@code attach --connect} command for the other machine (the token shown once, in it), as lines or one JSON object;
 * on stderr, a warning when the network can reach the address.
 */
final class ListenAnswer {
    private ListenAnswer() { }

    static void print(ListeningAgent agent, boolean json, PrintWriter out, PrintWriter err) {
        if (json) {
            ObjectNode node = new ObjectMapper().createObjectNode();
            node.put("pid", agent.pid());
            node.put("listening", agent.address());
            node.put("fingerprint", agent.fingerprint());
            node.put("token", agent.token());
            node.put("connect", agent.connectCommand());
            out.println(node);
        } else {
            out.printf(Locale.ROOT, "pid %d listens on %s (TLS 1.3) for LoomScope, until it exits; certificate SHA-256 %s.%n",
                    agent.pid(), agent.address(), agent.fingerprint());
            out.println("Record it from another machine (its port forwarded there: ssh -L, kubectl port-forward; "
                    + "HOST is that tunnel's near end), token shown once:");
            out.println("  " + agent.connectCommand());
        }
        out.flush();
        if (agent.exposed()) {
            err.println("loomscope: warning: pid " + agent.pid() + " listens on " + agent.address() + ", which the network "
                    + "can reach: the token and TLS are all that guard it; --listen 127.0.0.1:PORT with a tunnel (ssh -L, "
                    + "kubectl port-forward) keeps it off the network");
            err.flush();
        }
    }
}
