package loomscope.attach;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.concurrent.TimeUnit;

import loomscope.io.LoopbackToken;

/**
 * A Unix-domain socket LoomScope binds in a target's own {@code /tmp} (reached through {@code /proc/PID/root}): the way
 * in for a JVM in a container, whose loopback is its own. A socket file needs no network, and the agent finds it at the
 * path it sees. Only this user may connect to it, and the first connection must still send the token (another process
 * in the container could connect first); the file goes as soon as the agent's connection is taken ({@code removeFile},
 * which reaches it even once the target is gone).
 */
final class UnixAgentPort implements AgentPort {
    private final ServerSocketChannel server;
    private final String targetPath;
    private final String token = LoopbackToken.fresh();
    private final Runnable removeFile;

    /**
     * @param hostPath   where LoomScope binds the socket ({@code /proc/PID/root/tmp/...}); must not exist
     * @param targetPath the same file as the target sees it ({@code /tmp/...})
     * @param removeFile  removes the socket's file
     */
    UnixAgentPort(Path hostPath, String targetPath, Runnable removeFile) throws IOException {
        this.removeFile = removeFile;
        this.targetPath = targetPath;
        ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.bind(UnixDomainSocketAddress.of(hostPath), 1);
            Files.setPosixFilePermissions(hostPath, PosixFilePermissions.fromString("rw-------"));
            channel.configureBlocking(false);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        this.server = channel;
    }

    @Override public String agentOptions() { return "socket=" + targetPath + ",token=" + token; }

    @Override
    public AgentLink accept(long millis) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        try (Selector selector = Selector.open()) {
            server.register(selector, SelectionKey.OP_ACCEPT);
            while (true) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return null;
                }
                if (selector.select(left) == 0) {
                    continue;
                }
                selector.selectedKeys().clear();
                SocketChannel channel = server.accept();
                if (channel == null) {
                    continue;
                }
                if (sentToken(channel)) {
                    channel.configureBlocking(true);
                    close();
                    return new AgentLink.OverChannel(channel);
                }
                channel.close();
            }
        }
    }

    /** Whether {@code channel} sends the token and a newline first, within the token's time; anything else is not ours. */
    private boolean sentToken(SocketChannel channel) throws IOException {
        byte[] expected = (token + "\n").getBytes(StandardCharsets.US_ASCII);
        ByteBuffer got = ByteBuffer.allocate(expected.length);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LoopbackToken.TOKEN_READ_MILLIS);
        channel.configureBlocking(false);
        try (Selector selector = Selector.open()) {
            channel.register(selector, SelectionKey.OP_READ);
            while (got.hasRemaining()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return false;
                }
                selector.select(left);
                selector.selectedKeys().clear();
                if (channel.read(got) < 0) {
                    return false;
                }
            }
        }   // the selector's close lets the channel go, which may then block again
        return MessageDigest.isEqual(expected, got.array());
    }

    /** Closes the socket and removes its file (ours: bound by this port). */
    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // on the way out
        }
        removeFile.run();
    }
}
