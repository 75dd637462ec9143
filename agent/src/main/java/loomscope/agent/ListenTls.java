package loomscope.agent;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.net.Socket;
import java.security.MessageDigest;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.HexFormat;

import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * A listening agent's TLS: an EC P-256 key made at its start, a self-signed certificate of it
 * ({@link SelfSignedCertificate}) and a TLS 1.3 context that presents it; all in memory, gone with the JVM. A client
 * knows it is this agent by the certificate's SHA-256 (the fingerprint the agent prints), not by any authority.
 *
 * @param fingerprint the certificate's SHA-256: 64 lowercase hex digits, one word to copy into a command line
 */
record ListenTls(SSLContext context, String fingerprint) {
    static final String PROTOCOL = "TLSv1.3";

    /** @throws GeneralSecurityException a JVM without EC keys (a runtime linked without {@code jdk.crypto.ec} on 21) */
    static ListenTls make() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
        KeyPair keys = generator.generateKeyPair();
        X509Certificate cert = SelfSignedCertificate.of(keys, Instant.now());
        SSLContext context = SSLContext.getInstance(PROTOCOL);
        // a key manager of our own, not a KeyStore's: a PKCS12 store derives keys from its password (PBKDF2), which
        // took ~0.6 s of the target's CPU at its start, for a key that never leaves this heap
        context.init(new KeyManager[] {new OneKey(keys.getPrivate(), cert)}, null, new SecureRandom());
        return new ListenTls(context, fingerprint(cert));
    }

    /** The one key and certificate, whatever the client asks for: it pins the certificate, no authority names it. */
    private static final class OneKey extends X509ExtendedKeyManager {
        private static final String ALIAS = "agent";
        private final PrivateKey key;
        private final X509Certificate cert;

        OneKey(PrivateKey key, X509Certificate cert) {
            this.key = key;
            this.cert = cert;
        }

        @Override public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return "EC".equals(keyType) ? ALIAS : null;
        }

        @Override public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
            return "EC".equals(keyType) ? ALIAS : null;
        }

        @Override public String[] getServerAliases(String keyType, Principal[] issuers) {
            return "EC".equals(keyType) ? new String[] {ALIAS} : null;
        }

        @Override public X509Certificate[] getCertificateChain(String alias) {
            return ALIAS.equals(alias) ? new X509Certificate[] {cert} : null;
        }

        @Override public PrivateKey getPrivateKey(String alias) {
            return ALIAS.equals(alias) ? key : null;
        }

        @Override public String[] getClientAliases(String keyType, Principal[] issuers) { return null; }

        @Override public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) { return null; }
    }

    static String fingerprint(X509Certificate cert) throws GeneralSecurityException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(cert.getEncoded()));
    }
}
