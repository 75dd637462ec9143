package loomscope.agent;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import javax.net.ssl.SSLSocket;

/**
 * {@code listen=HOST:PORT}: the agent waits for LoomScope on another host, which reaches it through {@code ssh -L} or
 * {@code kubectl port-forward}. One daemon thread accepts; each connection is greeted on a daemon thread of its own, at
 * most {@value #GREETINGS_AT_MOST} at once and {@value #GREETINGS_PER_SOURCE} from one address (a connection past
 * either is closed at once), so that a client that holds the token is never kept waiting behind those that do not
 * (before, greetings went one at a time, each allowed 10 s, and a stranger reopening a silent connection every half
 * second locked the owner out). A greeting must complete a TLS 1.3 handshake within {@value #HANDSHAKE_MILLIS} ms of
 * its connection (anything that is not a handshake gets one plaintext line and is closed), then send the token as its
 * first line within {@value #TOKEN_MILLIS} ms more (a wrong one gets one line, {@code F wrong token}); while a
 * session runs any other gets {@code F another LoomScope is connected to this JVM}. A good one gets the hello and runs
 * a session over TLS exactly as a local attach's does ({@link Agent}). Nothing here runs on a thread of the
 * application's.
 */
final class AgentListener {
    /** Greetings at once, in all: each holds a daemon thread and a socket, no more than a few kilobytes. */
    static final int GREETINGS_AT_MOST = 32;
    /** Greetings at once from one address: a stranger alone cannot hold every one. */
    static final int GREETINGS_PER_SOURCE = 4;
    /** From the connection to the end of its TLS handshake: a silent or trickling client is closed then. */
    static final long HANDSHAKE_MILLIS = 3_000;
    /** From the handshake to the token's line. */
    static final long TOKEN_MILLIS = 2_000;
    /** The longest token line read: LoomScope's tokens are 32 hex digits, a file's at most 128 characters. */
    private static final int MAX_TOKEN_LINE = 256;
    /**
     * A greeting that was refused keeps its place this long: whoever has no token makes the target do at most a few
     * TLS handshakes a second per place (its CPU is the application's).
     */
    private static final long PAUSE_AFTER_REFUSAL_MILLIS = 200;

    private final ServerSocket server;
    private final ListenTls tls;
    private final byte[] tokenLine;
    private final AgentArgs options;
    private final Instrumentation inst;
    /** Each connection still greeting, and when it must have done: closed by {@link #watch} past then. */
    private final ConcurrentHashMap<Socket, Long> greetings = new ConcurrentHashMap<>();
    /** Greetings at once by source address, and in all: guarded by itself. */
    private final Map<InetAddress, Integer> bySource = new HashMap<>();
    private int inAll;
    private Thread watchdog;

    private AgentListener(ServerSocket server, ListenTls tls, String token, AgentArgs options, Instrumentation inst) {
        this.server = server;
        this.tls = tls;
        this.tokenLine = (token + "\n").getBytes(StandardCharsets.UTF_8);
        this.options = options;
        this.inst = inst;
    }

    /** Takes connections on {@code server} (bound already) from now on, for the JVM's life. */
    static AgentListener start(ServerSocket server, ListenTls tls, String token, AgentArgs options, Instrumentation inst) {
        AgentListener listener = new AgentListener(server, tls, token, options, inst);
        listener.watchdog = AgentThreads.start("loomscope-agent-listen-deadline", listener::watch);
        AgentThreads.start("loomscope-agent-listen", listener::acceptLoop);
        return listener;
    }

    /** A token for a listening agent that was given none: 16 random bytes in hex, as LoomScope's own. */
    static String freshToken() {
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    /** Where it listens, as a client names it: HOST:PORT ({@code [v6]:PORT}). */
    String address(String host) {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + server.getLocalPort();
    }

    String fingerprint() { return tls.fingerprint(); }

    private void acceptLoop() {
        while (!server.isClosed()) {
            Socket raw;
            try {
                raw = server.accept();
            } catch (IOException e) {
                pause();   // out of file descriptors, say: not a loop that takes a core
                continue;
            }
            InetAddress source = raw.getInetAddress();
            if (!admit(source)) {
                close(raw);   // past the bounds: closed at once, before a byte is read or a handshake made
                continue;
            }
            try {
                AgentThreads.start("loomscope-agent-greeting", () -> greetAndLetGo(raw, source));
            } catch (RuntimeException | OutOfMemoryError e) {
                letGo(source);
                close(raw);
                pause();
            }
        }
    }

    private boolean admit(InetAddress source) {
        synchronized (bySource) {
            int fromThere = bySource.getOrDefault(source, 0);
            if (inAll >= GREETINGS_AT_MOST || fromThere >= GREETINGS_PER_SOURCE) {
                return false;
            }
            bySource.put(source, fromThere + 1);
            inAll++;
            return true;
        }
    }

    private void letGo(InetAddress source) {
        synchronized (bySource) {
            int fromThere = bySource.getOrDefault(source, 1) - 1;
            if (fromThere <= 0) {
                bySource.remove(source);
            } else {
                bySource.put(source, fromThere);
            }
            inAll--;
        }
    }

    private void greetAndLetGo(Socket raw, InetAddress source) {
        String refused;
        try {
            refused = greet(raw);
        } catch (IOException | RuntimeException e) {
            refused = "";   // a handshake that failed (a client that did not trust our certificate) or timed out
        } finally {
            greetings.remove(raw);
        }
        try {
            if (refused != null) {
                close(raw);
                pause();
            }
        } finally {
            letGo(source);
        }
    }

    /**
     * The TLS handshake within {@link #HANDSHAKE_MILLIS}, the token within {@link #TOKEN_MILLIS} more; then a session,
     * or the line that refuses.
     *
     * @return null when a session took the connection, else what refused it (sent already where it could be)
     */
    private String greet(Socket raw) throws IOException {
        greetings.put(raw, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANDSHAKE_MILLIS));
        LockSupport.unpark(watchdog);
        raw.setSoTimeout((int) HANDSHAKE_MILLIS);
        raw.setTcpNoDelay(true);
        InputStream in = raw.getInputStream();
        int first;
        try {
            first = in.read();
        } catch (SocketTimeoutException e) {
            first = -2;   // a client that waits to be spoken to: plaintext too
        }
        if (first != 0x16) {   // a TLS record of a handshake begins so; a line of text never does
            if (first != -1) {
                line(raw.getOutputStream(), "F this agent speaks TLS only: connect with loomscope attach --connect "
                        + "HOST:PORT --token TOKEN --fingerprint SHA256 (as the agent printed at its start)");
            }
            return "plaintext";
        }
        SSLSocket socket = (SSLSocket) tls.context().getSocketFactory()
                .createSocket(raw, new ByteArrayInputStream(new byte[] {0x16}), true);
        socket.setEnabledProtocols(new String[] {ListenTls.PROTOCOL});
        socket.startHandshake();
        greetings.put(raw, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TOKEN_MILLIS));
        LockSupport.unpark(watchdog);
        socket.setSoTimeout((int) TOKEN_MILLIS);
        if (!sentToken(socket.getInputStream())) {
            refuse(socket, "wrong token");
            return "wrong token";
        }
        socket.setSoTimeout(0);   // a session waits for LoomScope's stop as long as it records
        greetings.remove(raw);
        String refusal = Agent.startListened(new TlsEnd(raw, socket), options, inst);
        if (refusal != null) {
            refuse(socket, refusal);
        }
        return refusal;
    }

    /** One line, and TLS's own close: this thread alone writes to a connection it refuses. */
    private static void refuse(SSLSocket socket, String why) throws IOException {
        line(socket.getOutputStream(), "F " + AgentWire.oneLine(why));
        socket.close();
    }

    /** Whether the first line is the token (compared in constant time); anything longer is not. */
    private boolean sentToken(InputStream in) throws IOException {
        byte[] got = new byte[MAX_TOKEN_LINE];
        int n = 0;
        while (n < got.length) {
            int b = in.read();
            if (b < 0) {
                return false;
            }
            got[n++] = (byte) b;
            if (b == '\n') {
                return MessageDigest.isEqual(tokenLine, java.util.Arrays.copyOf(got, n));
            }
        }
        return false;
    }

    private static void line(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** Closes each connection that outlived its greeting: a trickle of bytes would pass any per-read timeout. */
    private void watch() {
        while (true) {
            if (greetings.isEmpty()) {
                LockSupport.park(this);
                continue;
            }
            long now = System.nanoTime();
            greetings.forEach((socket, end) -> {
                if (end - now <= 0 && greetings.remove(socket, end)) {
                    close(socket);
                }
            });
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // on the way out
        }
    }

    private static void pause() {
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PAUSE_AFTER_REFUSAL_MILLIS));
    }

    /** A session's connection: lines out, {@code stop} in, over TLS. */
    private static final class TlsEnd implements StreamEnd {
        private final Socket raw;
        private final SSLSocket socket;
        private final OutputStream out;

        TlsEnd(Socket raw, SSLSocket socket) throws IOException {
            this.raw = raw;
            this.socket = socket;
            this.out = socket.getOutputStream();
        }

        @Override public OutputStream out() { return out; }

        @Override public InputStream commands() throws IOException { return socket.getInputStream(); }

        @Override public void completed(long episodes, long notKept, long dropped) {
            // LoomScope has it all: the end line told it so
        }

        @Override public void failed(IOException e) {
            // LoomScope is gone: the stream's end without its end line tells it, if anyone is there
        }

        /**
         * Closes the TCP connection under TLS, not TLS itself: its close_notify waits for the lock of a write that a
         * LoomScope that stopped reading holds forever, and the end line, sent already, tells LoomScope the rest.
         */
        @Override public void close() {
            AgentListener.close(raw);
        }
    }
}
