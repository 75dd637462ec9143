package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.HexFormat;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

import org.junit.jupiter.api.Test;

/**
 * The listening agent's certificate, made by our own DER encoder: the JDK's parser takes it, its signature verifies
 * with its own key, and a TLS 1.3 client that pins its SHA-256 completes a handshake with the agent's context.
 */
class SelfSignedCertificateTest {

    @Test
    void theJdkReadsItAndItsSignatureIsItsOwnKeys() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair keys = generator.generateKeyPair();
        Instant now = Instant.parse("2026-11-28T10:15:30Z");
        X509Certificate cert = SelfSignedCertificate.of(keys, now);
        cert.verify(keys.getPublic());   // also done inside: here against the key the test holds
        assertEquals(3, cert.getVersion());
        assertEquals("CN=loomscope-agent", cert.getSubjectX500Principal().getName());
        assertEquals(cert.getSubjectX500Principal(), cert.getIssuerX500Principal());
        assertEquals("SHA256withECDSA", cert.getSigAlgName());
        assertEquals("1.2.840.10045.4.3.2", cert.getSigAlgOID());
        assertArrayEquals(keys.getPublic().getEncoded(), cert.getPublicKey().getEncoded());
        assertEquals(now.minusSeconds(3_600), cert.getNotBefore().toInstant());
        assertTrue(cert.getNotAfter().toInstant().isAfter(now.plusSeconds(9L * 365 * 24 * 3_600)));
        assertTrue(cert.getSerialNumber().signum() > 0);
        cert.checkValidity(java.util.Date.from(now));
    }

    @Test
    void derLengthsAndTimesAreTheShortestForms() {
        assertArrayEquals(new byte[] {0x04, 0x00}, SelfSignedCertificate.tlv(0x04, new byte[0]));
        assertArrayEquals(new byte[] {0x04, (byte) 0x81, (byte) 0x80}, java.util.Arrays.copyOf(
                SelfSignedCertificate.tlv(0x04, new byte[128]), 3));
        assertArrayEquals(new byte[] {0x04, (byte) 0x82, 0x01, 0x00}, java.util.Arrays.copyOf(
                SelfSignedCertificate.tlv(0x04, new byte[256]), 4));
        assertEquals("06082a8648ce3d040302", HexFormat.of().formatHex(
                SelfSignedCertificate.oid(new int[] {1, 2, 840, 10045, 4, 3, 2})));
        assertEquals("020100", HexFormat.of().formatHex(SelfSignedCertificate.integer(BigInteger.ZERO)));
        assertEquals("170d3439313233313233353935395a", HexFormat.of().formatHex(
                SelfSignedCertificate.time(Instant.parse("2049-12-31T23:59:59Z"))));
        assertEquals("180f32303530303130313030303030305a", HexFormat.of().formatHex(
                SelfSignedCertificate.time(Instant.parse("2050-01-01T00:00:00Z"))));
    }

    @Test
    void aClientPinningItsSha256CompletesTls13() throws Exception {
        ListenTls tls = ListenTls.make();
        assertTrue(tls.fingerprint().matches("[0-9a-f]{64}"), tls.fingerprint());
        String[] seen = new String[1];
        X509TrustManager pinning = new X509TrustManager() {
            @Override public void checkClientTrusted(X509Certificate[] chain, String auth) {
                throw new UnsupportedOperationException();
            }

            @Override public void checkServerTrusted(X509Certificate[] chain, String auth) {
                try {
                    seen[0] = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(chain[0].getEncoded()));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override public X509Certificate[] getAcceptedIssuers() { return new X509Certificate[0]; }
        };
        SSLContext client = SSLContext.getInstance("TLSv1.3");
        client.init(null, new TrustManager[] {pinning}, null);
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread serving = new Thread(() -> {
                try (Socket raw = server.accept();
                     SSLSocket s = (SSLSocket) tls.context().getSocketFactory().createSocket(raw, null, true)) {
                    s.startHandshake();
                    OutputStream out = s.getOutputStream();
                    out.write("hello\n".getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    s.getInputStream().read();
                } catch (Exception e) {
                    // the client's assertion says what went wrong
                }
            });
            serving.start();
            try (SSLSocket s = (SSLSocket) client.getSocketFactory().createSocket(server.getInetAddress(), server.getLocalPort())) {
                s.startHandshake();
                assertEquals("TLSv1.3", s.getSession().getProtocol());
                assertEquals("hello", new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine());
            }
            serving.join(10_000);
        }
        assertEquals(tls.fingerprint(), seen[0]);
    }
}
