package loomscope.io;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * How LoomScope takes a stream from another process of its own making (a child JVM, an attached agent): a port on
 * 127.0.0.1 only, and a random token that must be the connection's first line, so that no other process can feed it
 * events. The token travels by a channel only that process can read (its stdin, the attach request).
 */
public final class LoopbackToken {
    private static final int TOKEN_BYTES = 16;
    /** How long a connection may take to send its token before it is dropped as not ours. */
    public static final int TOKEN_READ_MILLIS = 2_000;

    private LoopbackToken() { }

    public static InetAddress loopback() throws IOException {
        return InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
    }

    /** A server socket on an ephemeral port of 127.0.0.1. */
    static ServerSocket listen() throws IOException {
        return new ServerSocket(0, 4, loopback());
    }

    /** A fresh token: 16 random bytes in hex. */
    public static String fresh() {
        byte[] random = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    /** Whether {@code in} starts with {@code token} and a newline; false for anything else, too slow or gone. */
    public static boolean sentFirst(InputStream in, String token) {
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
}
