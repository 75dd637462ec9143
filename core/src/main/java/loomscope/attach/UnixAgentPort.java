package loomscope.attach;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import loomscope.io.LoopbackToken;
import loomscope.io.TokenGate;

/**
 * A Unix-domain socket LoomScope binds in a target's own {@code /tmp} (reached through {@code /proc/PID/root}): the way
 * in for a JVM in a container, whose loopback is its own. A socket file needs no network, and the agent finds it at the
 * path it sees. Only this user may connect to it, and the first connection must still send the token (another process
 * in the container could connect first: {@link TokenGate}, as on a loopback port); the file goes as soon as the agent's
 * connection is taken ({@code removeFile}, which reaches it even once the target is gone).
 */
final class UnixAgentPort implements AgentPort {
    private final TokenGate gate;
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
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        this.gate = new TokenGate(channel, token);
    }

    @Override public String agentOptions() { return "socket=" + targetPath + ",token=" + token; }

    @Override
    public AgentLink accept(long millis) throws IOException {
        SocketChannel channel = gate.accept(millis);
        if (channel == null) {
            return null;
        }
        close();   // the connection is taken: the socket's file goes now
        return new AgentLink.OverChannel(channel);
    }

    /** Closes the socket and removes its file (ours: bound by this port). */
    @Override
    public void close() {
        gate.close();
        removeFile.run();
    }
}
