package loomscope.io;

import java.io.IOException;
import java.net.InetAddress;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * How LoomScope takes a stream from another process of its own making (a child JVM, an attached agent): a port on
 * 127.0.0.1 only, and a random token that must be the connection's first line, so that no other process can feed it
 * events. The token travels by a channel only that process can read (its stdin, the attach request); {@link TokenGate}
 * checks it, for every transport.
 */
public final class LoopbackToken {
    private static final int TOKEN_BYTES = 16;
    /** How long a connection may take to send its token before it is dropped as not ours. */
    public static final int TOKEN_READ_MILLIS = 2_000;

    private LoopbackToken() { }

    public static InetAddress loopback() throws IOException {
        return InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
    }

    /** A fresh token: 16 random bytes in hex. */
    public static String fresh() {
        byte[] random = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }
}
