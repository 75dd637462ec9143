package loomscope.attach;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * LoomScope's end of an attach: a loopback port the target's agent connects to (the agent listens on nothing), and a
 * random token that must be the connection's first line, as the child JVMs' stream does (childjvm's StreamChannel).
 * The token reaches the agent inside the attach request, over the target's attach socket, which only its own user
 * can open; a connection without it is dropped.
 */
final class AgentPort implements Closeable {
    private static final int TOKEN_BYTES = 16;
    private static final int TOKEN_READ_MILLIS = 2_000;

    private final ServerSocket server;
    private final String token;

    private AgentPort(ServerSocket server, String token) {
        this.server = server;
        this.token = token;
    }

    static AgentPort listen() throws IOException {
        ServerSocket server = new ServerSocket(0, 4, InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1}));
        byte[] random = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(random);
        return new AgentPort(server, HexFormat.of().formatHex(random));
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
            s.setSoTimeout(TOKEN_READ_MILLIS);
            if (hasToken(s.getInputStream())) {
                s.setSoTimeout(0);
                server.close();   // one target, one connection
                return s;
            }
            s.close();
        }
    }

    private boolean hasToken(InputStream in) {
        byte[] expected = (token + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] got = new byte[expected.length];
        try {
            int n = 0;
            while (n < got.length) {
                int r = in.read(got, n, got.length - n);
                if (r < 0) {
                    return false;
                }
                n += r;
            }
        } catch (IOException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, got);
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
