package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.Locale;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

import loomscope.io.ForeignText;

/**
 * LoomScope's end of a connection to a listening agent ({@code listen=}): TLS 1.3 that trusts exactly one certificate,
 * the one whose SHA-256 the user gives (the agent printed it at its start), and no authority or host name: the agent's
 * certificate is self-signed, and the host is often 127.0.0.1 at the near end of {@code ssh -L} or
 * {@code kubectl port-forward}. Always TLS: LoomScope has no plaintext way to another host.
 */
final class PinnedTls {
    /** The longest first line read before the session's reader takes over: a hello or one refusal. */
    private static final int MAX_FIRST_LINE = 4_096;

    private PinnedTls() { }

    /**
     * A fingerprint as given (64 hex digits, with or without colons, either case) as the agent prints it: lowercase,
     * no colons.
     *
     * @throws AttachRefusedException in one line
     */
    static String fingerprint(String given) {
        String hex = given == null ? "" : given.strip().replace(":", "").toLowerCase(Locale.ROOT);
        if (!hex.matches("[0-9a-f]{64}")) {
            throw new AttachRefusedException("the fingerprint must be the certificate's SHA-256 the agent printed (64 "
                    + "hex digits, colons allowed), not " + ForeignText.clean(given == null ? "" : given, 80));
        }
        return hex;
    }

    /** A token as a listening agent takes it: 16 to 128 visible ASCII characters. */
    static String token(String given) {
        String token = given == null ? "" : given.strip();
        if (!token.matches("[\\x21-\\x7e]{16,128}")) {
            throw new AttachRefusedException("the token must be the one the agent printed or reads from its tokenfile= "
                    + "(16 to 128 visible ASCII characters)");
        }
        return token;
    }

    /**
     * Connects, shakes hands, sends the token and reads the agent's first line, all by {@code endNanos}.
     *
     * @return the connection and its first line (the hello; the session's reader is given it again)
     * @throws AttachRefusedException the agent, or what answered in its place, refused (one line)
     * @throws AttachFailedException  the deadline passed first
     */
    static Opened open(HostPort where, String token, String fingerprint, long endNanos) throws IOException {
        while (true) {
            try {
                return openOnce(where, token, fingerprint, endNanos);
            } catch (ClosedAtTheDoor e) {
                // the agent closes a connection past its bounds of greetings at once (strangers hold them): again,
                // while the deadline lasts
                if (AttachSession.millisLeft(endNanos) < RETRY_PAUSE_MILLIS * 2) {
                    throw new AttachFailedException(where + ": the agent closed every connection before its TLS "
                            + "handshake until the attach's deadline (as many greetings as it takes at once were held "
                            + "by others, or it is no LoomScope agent)");
                }
                try {
                    Thread.sleep(RETRY_PAUSE_MILLIS);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new AttachFailedException(where + ": interrupted");
                }
            }
        }
    }

    /** Between two tries of a connection the agent closed before its handshake. */
    private static final long RETRY_PAUSE_MILLIS = 250;

    /** A connection closed by the other side before any byte of its handshake came. */
    private static final class ClosedAtTheDoor extends IOException {
        ClosedAtTheDoor() {
            super("closed before the handshake", null);
        }
    }

    private static Opened openOnce(HostPort where, String token, String fingerprint, long endNanos) throws IOException {
        Pin pin = new Pin(fingerprint);
        SSLContext context;
        try {
            context = SSLContext.getInstance("TLSv1.3");
            context.init(null, new TrustManager[] {pin}, null);
        } catch (GeneralSecurityException e) {
            throw new AttachRefusedException("this JVM has no TLS 1.3: " + e.getMessage());
        }
        Socket raw = new Socket();
        SSLSocket socket = null;
        try {
            try {
                raw.connect(new InetSocketAddress(where.host(), where.port()), millisLeft(endNanos, where));
            } catch (UnknownHostException e) {
                throw new AttachRefusedException(where + ": no such host");
            } catch (ConnectException e) {
                throw new AttachRefusedException(where + ": nobody listens there (" + ForeignText.clean(e.getMessage(), 200)
                        + "); is the agent started with listen=, and the tunnel open?");
            }
            raw.setTcpNoDelay(true);
            socket = (SSLSocket) context.getSocketFactory().createSocket(raw, where.host(), where.port(), true);
            socket.setEnabledProtocols(new String[] {"TLSv1.3"});
            socket.setSoTimeout(millisLeft(endNanos, where));
            try {
                socket.startHandshake();
            } catch (java.net.SocketException | java.io.EOFException e) {
                throw new ClosedAtTheDoor();
            } catch (SSLException e) {
                if (pin.seen == null && (e.getCause() instanceof java.io.EOFException
                        || e.getCause() instanceof java.net.SocketException
                        || String.valueOf(e.getMessage()).contains("Remote host terminated the handshake"))) {
                    throw new ClosedAtTheDoor();
                }
                if (pin.seen != null && !pin.seen.equals(fingerprint)) {
                    throw new AttachRefusedException(where + "'s certificate has SHA-256 " + pin.seen + ", not the "
                            + fingerprint + " given: refused (another agent, or someone in between)");
                }
                throw new AttachRefusedException(where + ": the TLS handshake failed (" + ForeignText.clean(
                        String.valueOf(e.getMessage()), 200) + "): is it a LoomScope agent started with listen=?");
            }
            socket.getOutputStream().write((token + "\n").getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            socket.setSoTimeout(millisLeft(endNanos, where));
            String first = firstLine(socket.getInputStream());
            if (first == null) {
                throw new AttachRefusedException(where + ": the agent closed the connection without a word");
            }
            if (first.startsWith("F ")) {
                throw new AttachRefusedException(where + ": the agent refused: "
                        + ForeignText.clean(first.substring(2), ForeignText.TEXT_CHARS));
            }
            if (!first.startsWith(AgentStreamReader.HELLO + " ")) {
                throw new AttachRefusedException(where + ": what answered the token is not LoomScope's agent: its first "
                        + "bytes are not the protocol's hello (\"" + ForeignText.clean(first, ForeignText.QUOTED_CHARS)
                        + "\"); refused");
            }
            socket.setSoTimeout(0);   // the session reads as long as the agent records
            Opened opened = new Opened(socket, first);
            socket = null;
            raw = null;
            return opened;
        } catch (SocketTimeoutException e) {
            throw new AttachFailedException(where + ": no answer within the attach's deadline (a tunnel open with nobody "
                    + "at its far end, or no agent there)");
        } finally {
            if (socket != null) {
                socket.close();
            } else if (raw != null) {
                raw.close();
            }
        }
    }

    private static int millisLeft(long endNanos, HostPort where) throws SocketTimeoutException {
        long left = AttachSession.millisLeft(endNanos);
        if (left <= 0) {
            throw new SocketTimeoutException("deadline passed at " + where);
        }
        return (int) Math.min(Integer.MAX_VALUE, left);
    }

    /** One line, without its newline, read byte by byte: what follows it is the session reader's. */
    private static String firstLine(InputStream in) throws IOException {
        byte[] line = new byte[MAX_FIRST_LINE];
        int n = 0;
        while (n < line.length) {
            int b;
            try {
                b = in.read();
            } catch (SSLException e) {
                b = -1;   // the agent closed under TLS without its close_notify
            }
            if (b < 0) {
                return n == 0 ? null : new String(line, 0, n, StandardCharsets.UTF_8);
            }
            if (b == '\n') {
                return new String(line, 0, n, StandardCharsets.UTF_8);
            }
            line[n++] = (byte) b;
        }
        return new String(line, 0, n, StandardCharsets.UTF_8);
    }

    /** A connection that passed the handshake and the token, and the agent's first line. */
    record Opened(SSLSocket socket, String firstLine) { }

    /**
     * Trusts the one certificate whose SHA-256 it was given, and remembers what it saw, for the line that refuses
     * another. Extended, so that the JDK adds no checks of its own (host names, authorities) around it.
     */
    private static final class Pin extends X509ExtendedTrustManager {
        private final String expected;
        private volatile String seen;

        Pin(String expected) {
            this.expected = expected;
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0) {
                throw new CertificateException("no certificate");
            }
            try {
                seen = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(chain[0].getEncoded()));
            } catch (GeneralSecurityException e) {
                throw new CertificateException(e);
            }
            if (!MessageDigest.isEqual(seen.getBytes(StandardCharsets.US_ASCII), expected.getBytes(StandardCharsets.US_ASCII))) {
                throw new CertificateException("the certificate's SHA-256 is not the one given");
            }
        }

        @Override public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            check(chain);
        }

        @Override public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            check(chain);
        }

        @Override public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            throw new CertificateException("LoomScope is the client here");
        }

        @Override public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            throw new CertificateException("LoomScope is the client here");
        }

        @Override public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("LoomScope is the client here");
        }

        @Override public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
    }
}
