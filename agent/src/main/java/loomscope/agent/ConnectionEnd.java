package loomscope.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;

/**
 * The connection the target opens to LoomScope: lines out, {@code stop} in. It goes to LoomScope's port on 127.0.0.1,
 * or, for a JVM in a container (whose loopback is its own, not LoomScope's), to LoomScope's Unix-domain socket in this
 * JVM's own {@code /tmp}, which LoomScope reached through {@code /proc/PID/root}: a file, so no network is needed.
 * A channel either way; since JDK 19 its two streams read and write at once without a shared lock (JDK-8279339),
 * which the drain (writing) and the wait for {@code stop} (reading) need.
 */
final class ConnectionEnd implements StreamEnd {
    private final SocketChannel channel;
    private final OutputStream out;

    /**
     * Opens the connection to LoomScope: before the agent joins the boot class path, so that a LoomScope nobody
     * listens for changes nothing in the target.
     */
    static SocketChannel open(AgentArgs args) throws IOException {
        if (args.socket() != null) {
            return SocketChannel.open(UnixDomainSocketAddress.of(args.socket()));
        }
        SocketChannel channel = SocketChannel.open(new InetSocketAddress(
                InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1}), args.port()));
        channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        return channel;
    }

    /** Where {@link #open} went, for a line that says it did not answer. */
    static String where(AgentArgs args) {
        return args.socket() != null ? "LoomScope's socket " + args.socket() : "LoomScope's port " + args.port();
    }

    ConnectionEnd(SocketChannel channel) {
        this.channel = channel;
        this.out = Channels.newOutputStream(channel);
    }

    @Override public OutputStream out() { return out; }

    @Override public InputStream commands() { return Channels.newInputStream(channel); }

    @Override public void completed(long episodes, long notKept, long dropped) {
        // LoomScope has it all: the end line told it so
    }

    @Override public void failed(IOException e) {
        // LoomScope is gone: the stream's end without its end line tells it, if anyone is there
    }

    @Override public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // closing on the way out
        }
    }
}
