package loomscope.attach;

import java.io.IOException;
import java.net.Socket;

import loomscope.io.LoopbackPort;

/** A port on 127.0.0.1: the way in for a JVM that shares LoomScope's network (and so its loopback). */
final class LoopbackAgentPort implements AgentPort {
    private final LoopbackPort port;

    LoopbackAgentPort() throws IOException {
        this.port = LoopbackPort.listen();
    }

    @Override public String agentOptions() { return "port=" + port.port() + ",token=" + port.token(); }

    @Override
    public AgentLink accept(long millis) throws IOException {
        Socket socket = port.accept(millis);
        return socket == null ? null : new AgentLink.OverSocket(socket);
    }

    @Override public void close() { port.close(); }
}
