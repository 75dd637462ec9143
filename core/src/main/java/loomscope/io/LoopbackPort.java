package loomscope.io;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * LoomScope's end of a stream from a process of its own making (a child JVM, an attached agent): a port on 127.0.0.1
 * and a fresh token ({@link LoopbackToken}). It takes one connection, the first that sends the token; any other is
 * dropped ({@link TokenGate}, as every transport does).
 */
public final class LoopbackPort implements Closeable {

    private final TokenGate gate;
    private final int port;
    private final String token;

    private LoopbackPort(ServerSocketChannel server, String token) throws IOException {
        this.port = ((InetSocketAddress) server.getLocalAddress()).getPort();
        this.gate = new TokenGate(server, token);
        this.token = token;
    }

    /** Listens at once, so the port is known before the other process starts. */
    public static LoopbackPort listen() throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            server.bind(new InetSocketAddress(LoopbackToken.loopback(), 0), 4);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return new LoopbackPort(server, LoopbackToken.fresh());
    }

    public int port() { return port; }

    /** What the other process must send first; it must reach that process by a way only it can read. */
    public String token() { return token; }

    /** True once a connection was taken, or after {@link #close()}. */
    public boolean isClosed() { return gate.isClosed(); }

    /**
     * The connection that sent the token (read already; the port then closes: one process, one connection), or
     * null if none came within {@code millis}.
     *
     * @throws IOException also when the port is closed before or during the wait
     */
    public Socket accept(long millis) throws IOException {
        SocketChannel channel = gate.accept(millis);
        return channel == null ? null : channel.socket();
    }

    @Override
    public void close() {
        gate.close();
    }
}
