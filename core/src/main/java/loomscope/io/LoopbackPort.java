package loomscope.io;

import java.io.Closeable;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * LoomScope's end of a stream from a process of its own making (a child JVM, an attached agent): a port on 127.0.0.1
 * and a fresh token ({@link LoopbackToken}). It takes one connection, the first that sends the token; any other is
 * dropped.
 */
public final class LoopbackPort implements Closeable {

    private final ServerSocket server;
    private final String token;

    private LoopbackPort(ServerSocket server, String token) {
        this.server = server;
        this.token = token;
    }

    /** Listens at once, so the port is known before the other process starts. */
    public static LoopbackPort listen() throws IOException {
        return new LoopbackPort(LoopbackToken.listen(), LoopbackToken.fresh());
    }

    public int port() { return server.getLocalPort(); }

    /** What the other process must send first; it must reach that process by a way only it can read. */
    public String token() { return token; }

    /** True once a connection was taken, or after {@link #close()}. */
    public boolean isClosed() { return server.isClosed(); }

    /**
     * The connection that sent the token (read already; the port then closes: one process, one connection), or
     * null if none came within {@code millis}.
     *
     * @throws IOException also when the port is closed before or during the wait
     */
    public Socket accept(long millis) throws IOException {
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
                server.close();
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
