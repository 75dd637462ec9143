package loomscope.agent;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.HexFormat;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

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
        // a password of its own for a store nobody else sees (PKCS12 wants one); the key never leaves this heap
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);   // not generateSeed, which may wait for /dev/random
        char[] password = HexFormat.of().formatHex(random).toCharArray();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try {
            store.load(null, null);
        } catch (java.io.IOException e) {
            throw new GeneralSecurityException("an empty key store would not open", e);
        }
        store.setKeyEntry("agent", keys.getPrivate(), password, new Certificate[] {cert});
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(store, password);
        SSLContext context = SSLContext.getInstance(PROTOCOL);
        context.init(keyManagers.getKeyManagers(), null, new SecureRandom());
        return new ListenTls(context, fingerprint(cert));
    }

    static String fingerprint(X509Certificate cert) throws GeneralSecurityException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(cert.getEncoded()));
    }
}
