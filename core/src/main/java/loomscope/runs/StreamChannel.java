package loomscope.runs;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

import loomscope.io.LoopbackPort;
import loomscope.io.LoopbackToken;

/**
 * The stream's own channel, a loopback TCP connection from the child to the parent, so that nothing a JVM flag
 * prints ({@code -Xlog:gc*}, {@code -verbose:class}, a crash banner) can land inside it: the child's stdout and
 * stderr are only its words, drained apart. Loopback rather than a temporary file (which needs polling for
 * liveness and leaves a file behind when the parent dies) or a named pipe (not portable to Windows).
 * <p>The parent listens on 127.0.0.1, an ephemeral port, and hands the child the port as an argument and a
 * random token on its stdin (not in its arguments, which every user of the machine can read); the first line
 * the child sends is the token, and a connection without it is dropped, so no other process can feed us events.
 */
final class StreamChannel implements Closeable {

    private static final int ACCEPT_POLL_MILLIS = 200;

    private final LoopbackPort port;
    private volatile Socket socket;

    private StreamChannel(LoopbackPort port) {
        this.port = port;
    }

    /** Parent side: listens at once, so the port is known before the child starts. */
    static StreamChannel listen() throws IOException {
        return new StreamChannel(LoopbackPort.listen());
    }

    int port() { return port.port(); }

    /** What the child must send first; the parent writes it to the child's stdin. */
    String token() { return port.token(); }

    /**
     * Waits for the child's connection while {@code keepWaiting} holds (the child is alive and not killed);
     * returns its stream with the token already read, or null if no connection with the token came.
     */
    InputStream accept(BooleanSupplier keepWaiting) throws IOException {
        while (!port.isClosed()) {
            // one more try once it is over: a child that connected and exited at once (it refused the mode) is queued
            boolean lastTry = !keepWaiting.getAsBoolean();
            Socket s = port.accept(ACCEPT_POLL_MILLIS);
            if (s != null) {
                socket = s;
                return s.getInputStream();
            }
            if (lastTry) {
                return null;
            }
        }
        return null;
    }

    @Override public void close() {
        closeQuietly(port);
        closeQuietly(socket);
    }

    private static void closeQuietly(Closeable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (IOException e) {
            // closing on the way out: nothing left to do with it
        }
    }

    /** Child side: connects to the parent's port, sends the token, returns where the stream goes. */
    static OutputStream connect(int port, String token) throws IOException {
        Socket s = new Socket(LoopbackToken.loopback(), port);
        s.setTcpNoDelay(true);   // the streamer flushes every 15 ms for a live view: do not hold small writes back
        OutputStream out = s.getOutputStream();
        out.write((token + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return out;
    }
}
