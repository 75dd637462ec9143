package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;

/**
 * The agent's connection as a session reads it: its lines in, LoomScope's {@code stop} out. A socket (loopback, or TLS
 * to a listening agent) or a channel (a Unix-domain socket in a container's {@code /tmp}); a channel's two streams read
 * and write at once without a shared lock since JDK 19 (JDK-8279339), which the reader and a stop need.
 */
sealed interface AgentLink {
    InputStream in() throws IOException;

    OutputStream out() throws IOException;

    void close();

    record OverSocket(Socket socket) implements AgentLink {
        @Override public InputStream in() throws IOException { return socket.getInputStream(); }

        @Override public OutputStream out() throws IOException { return socket.getOutputStream(); }

        @Override public void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // on the way out
            }
        }
    }

    record OverChannel(SocketChannel channel) implements AgentLink {
        @Override public InputStream in() { return Channels.newInputStream(channel); }

        @Override public OutputStream out() { return Channels.newOutputStream(channel); }

        @Override public void close() {
            try {
                channel.close();
            } catch (IOException e) {
                // on the way out
            }
        }
    }
}
