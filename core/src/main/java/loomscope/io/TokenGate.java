package loomscope.io;

import java.io.Closeable;
import java.io.IOException;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.TimeUnit;

/**
 * The one way LoomScope takes a stream from a process of its own making, whatever carries it (a port on 127.0.0.1:
 * {@link LoopbackPort}; a Unix-domain socket in a container's {@code /tmp}: {@code attach.UnixAgentPort}): it takes one
 * connection, the first that sends the token and a newline within {@link LoopbackToken#TOKEN_READ_MILLIS}; any other is
 * dropped, and once one is taken the gate closes (one process, one connection).
 */
public final class TokenGate implements Closeable {
    private final ServerSocketChannel server;
    private final Selector selector;
    private final byte[] expected;

    /** Guards {@code server} (bound already, by its transport's rules): it is closed with the gate. */
    public TokenGate(ServerSocketChannel server, String token) throws IOException {
        this.expected = (token + "\n").getBytes(StandardCharsets.US_ASCII);
        try {
            server.configureBlocking(false);
            this.selector = Selector.open();
            server.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        this.server = server;
    }

    /** True once a connection was taken, or after {@link #close()}. */
    public boolean isClosed() { return !server.isOpen(); }

    /**
     * The connection that sent the token (read already, and in blocking mode; the gate then closes), or null if none
     * came within {@code millis}.
     *
     * @throws SocketException when the gate is closed before or during the wait
     */
    public synchronized SocketChannel accept(long millis) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        try {
            while (true) {
                if (!server.isOpen()) {
                    throw closed();   // closed by another thread (Ctrl+C), or before the wait
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return null;
                }
                if (selector.select(left) == 0) {
                    continue;
                }
                selector.selectedKeys().clear();
                SocketChannel channel;
                try {
                    channel = server.accept();
                } catch (ClosedChannelException e) {
                    throw closed();
                }
                if (channel == null) {
                    continue;
                }
                if (sentToken(channel)) {
                    channel.configureBlocking(true);
                    close();
                    return channel;
                }
                channel.close();
            }
        } catch (ClosedSelectorException e) {
            throw closed();   // closed while it waited
        }
    }

    /** What a wait on a closed gate throws: what a closed {@code ServerSocket} threw, which a waiter told by Ctrl+C takes. */
    private static SocketException closed() {
        return new SocketException("Socket is closed");
    }

    /** Whether {@code channel} sends the token and a newline first, within the token's time; anything else is not ours. */
    private boolean sentToken(SocketChannel channel) throws IOException {
        ByteBuffer got = ByteBuffer.allocate(expected.length);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LoopbackToken.TOKEN_READ_MILLIS);
        channel.configureBlocking(false);
        try (Selector reading = Selector.open()) {
            channel.register(reading, SelectionKey.OP_READ);
            while (got.hasRemaining()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                reading.select(left);
                reading.selectedKeys().clear();
                if (channel.read(got) < 0) {
                    return false;
                }
            }
        } catch (IOException e) {
            return false;   // gone before it said anything: not ours
        }   // the selector's close lets the channel go, which may then block again
        return MessageDigest.isEqual(expected, got.array());
    }

    /** Closes the server (a wait in {@link #accept} then throws) and stops listening at once. */
    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // on the way out
        }
        try {
            selector.close();   // wakes a wait, and deregisters the server so that its address is free now
        } catch (IOException e) {
            // on the way out
        }
    }
}
