package loomscope.agent;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A self-signed X.509 v3 certificate for a listening agent's EC key ({@link AgentListener}), made in memory at its
 * start: the JDK has no public API that makes one (only the internal {@code sun.security.x509}, which java.base does
 * not export, and keytool, a process of its own), and the agent takes no library for it. A client trusts it by its
 * SHA-256 alone (pinned), so it holds nothing a client checks: subject and issuer {@code CN=loomscope-agent}, a random
 * serial, ten years of validity, no extensions. The DER is checked by the JDK's own parser before it is used.
 */
final class SelfSignedCertificate {
    static final String NAME = "loomscope-agent";
    /** ecdsa-with-SHA256 (RFC 5758), with no parameters. */
    private static final int[] ECDSA_WITH_SHA256 = {1, 2, 840, 10045, 4, 3, 2};
    private static final int[] COMMON_NAME = {2, 5, 4, 3};

    private SelfSignedCertificate() { }

    /** Signs a certificate of {@code keys}' public key with its private key, valid from {@code now} less an hour. */
    static X509Certificate of(KeyPair keys, Instant now) throws GeneralSecurityException {
        byte[] serial = new byte[16];
        new SecureRandom().nextBytes(serial);
        serial[0] &= 0x7f;   // a positive INTEGER
        serial[0] |= 0x01;   // and never one of zeros, which DER would want shorter
        byte[] algorithm = sequence(oid(ECDSA_WITH_SHA256));
        byte[] name = sequence(set(sequence(oid(COMMON_NAME), tlv(0x0c, NAME.getBytes(StandardCharsets.UTF_8)))));
        // an hour back: a client's clock a little behind the target's is no reason to refuse (ours pin, and do not ask)
        Instant from = now.minusSeconds(3_600);
        byte[] tbs = sequence(
                tlv(0xa0, integer(BigInteger.TWO)),   // [0] EXPLICIT version: v3
                integer(new BigInteger(serial)),
                algorithm,
                name,
                sequence(time(from), time(from.plusSeconds(10L * 366 * 24 * 3_600))),
                name,
                keys.getPublic().getEncoded());   // SubjectPublicKeyInfo, as the JDK encodes it
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(keys.getPrivate());
        signer.update(tbs);
        byte[] signature = signer.sign();   // already DER: SEQUENCE { r, s }
        byte[] bits = new byte[signature.length + 1];   // a BIT STRING with no unused bits
        System.arraycopy(signature, 0, bits, 1, signature.length);
        byte[] der = sequence(tbs, algorithm, tlv(0x03, bits));
        X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(der));
        cert.verify(keys.getPublic());
        return cert;
    }

    /** UTCTime to 2049, GeneralizedTime from 2050, as RFC 5280 asks. */
    static byte[] time(Instant t) {
        boolean utc = t.atZone(ZoneOffset.UTC).getYear() < 2050;
        String text = DateTimeFormatter.ofPattern(utc ? "yyMMddHHmmss'Z'" : "yyyyMMddHHmmss'Z'")
                .withZone(ZoneOffset.UTC).format(t);
        return tlv(utc ? 0x17 : 0x18, text.getBytes(StandardCharsets.US_ASCII));
    }

    static byte[] integer(BigInteger value) {
        return tlv(0x02, value.toByteArray());   // two's complement, shortest: DER's own form
    }

    static byte[] oid(int[] arcs) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(40 * arcs[0] + arcs[1]);
        for (int i = 2; i < arcs.length; i++) {
            int arc = arcs[i];
            int groups = 1;
            for (int rest = arc >>> 7; rest != 0; rest >>>= 7) {
                groups++;
            }
            for (int g = groups - 1; g >= 0; g--) {
                out.write(((arc >>> (7 * g)) & 0x7f) | (g > 0 ? 0x80 : 0));
            }
        }
        return tlv(0x06, out.toByteArray());
    }

    static byte[] sequence(byte[]... parts) {
        return tlv(0x30, concat(parts));
    }

    static byte[] set(byte[]... parts) {
        return tlv(0x31, concat(parts));
    }

    /** Tag, DER length (short form below 128, else the fewest bytes), content. */
    static byte[] tlv(int tag, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(content.length + 6);
        out.write(tag);
        int n = content.length;
        if (n < 0x80) {
            out.write(n);
        } else {
            int bytes = n < 0x100 ? 1 : n < 0x10000 ? 2 : n < 0x1000000 ? 3 : 4;
            out.write(0x80 | bytes);
            for (int b = bytes - 1; b >= 0; b--) {
                out.write(n >>> (8 * b));
            }
        }
        out.writeBytes(content);
        return out.toByteArray();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
