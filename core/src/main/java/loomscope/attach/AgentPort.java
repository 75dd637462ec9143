package loomscope.attach;

import java.io.Closeable;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;

import loomscope.io.LoopbackToken;

/**
 * LoomScope's end of an attach: a loopback port the target's agent connects to (the agent listens on nothing), and a
 * random token that must be the connection's first line, as the child JVMs' stream does (childjvm's StreamChannel).
 * The token reaches the agent inside the attach request, over the target's attach socket, which only its own user
 * can open; a connection without it is dropped.
 */
final class AgentPort implements Closeable {

    private final ServerSocket server;
    private final String token;

    private AgentPort(ServerSocket server, String token) {
        this.server = server;
        this.token = token;
    }

    static AgentPort listen() throws IOException {
        return new AgentPort(LoopbackToken.listen(), LoopbackToken.fresh());
    }

    int port() { return server.getLocalPort(); }

    String token() { return token; }

    /** The agent's connection with the token read, or null if none came within {@code millis}. */
    Socket accept(long millis) throws IOException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return null;
            }
            server.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
            Socket s;
            try {
                s = server.accept();
            } catch (SocketTimeoutException e) {
                return null;
            }
            s.setSoTimeout(LoopbackToken.TOKEN_READ_MILLIS);
            if (LoopbackToken.sentFirst(s.getInputStream(), token)) {
                s.setSoTimeout(0);
                server.close();   // one target, one connection
                return s;
            }
            s.close();
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // closing on the way out
        }
    }
}
