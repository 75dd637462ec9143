package loomscope.savedrun;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The reading half of {@link BinaryOut}'s encoding, for a file that may be anything: every count and length is
 * checked against what is left before it is trusted, and a file that ends early says where.
 */
final class BinaryIn {
    private final InputStream in;
    private final long size;
    private final CRC32 crc = new CRC32();
    private final byte[] buffer = new byte[1 << 16];
    private int pos;
    private int limit;
    private long consumedBefore;

    BinaryIn(InputStream in, long size) {
        this.in = in;
        this.size = size;
    }

    /** Bytes read so far. */
    long position() {
        return consumedBefore + pos;
    }

    /** Bytes of the file not read yet, the 4-byte checksum included. */
    long remaining() {
        return size - position();
    }

    byte[] bytes(int n) throws IOException {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = next();
        }
        return b;
    }

    long varint() throws IOException {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = next();
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw new SavedRunFormatException("a number at byte " + position() + " is longer than any number can be");
    }

    long signed() throws IOException {
        long v = varint();
        return (v >>> 1) ^ -(v & 1);
    }

    /** A count that must lie in [0, max]: what it counts is named in the message if it does not. */
    int count(String what, long max) throws IOException {
        long v = varint();
        if (v < 0 || v > max) {
            throw new SavedRunFormatException(what + " is " + v + " at byte " + position() + ", at most " + max + " is possible");
        }
        return (int) v;
    }

    String string(String what, int maxBytes) throws IOException {
        long n = varint();
        if (n == 0) {
            return null;
        }
        if (n < 0) {
            // a 10-byte varint can set the sign bit: a length no file can have
            throw new SavedRunFormatException(what + " has an impossible length at byte " + position());
        }
        if (n - 1 > maxBytes || n - 1 > remaining()) {
            throw new SavedRunFormatException(what + " claims " + (n - 1) + " bytes at byte " + position()
                    + ", an impossible length");
        }
        return new String(bytes((int) (n - 1)), StandardCharsets.UTF_8);
    }

    /** The CRC-32 of everything read so far. */
    long crc() {
        crc.update(buffer, 0, pos);
        consumedBefore += pos;
        System.arraycopy(buffer, pos, buffer, 0, limit - pos);
        limit -= pos;
        pos = 0;
        return crc.getValue();
    }

    /** The 4 stored checksum bytes, big-endian, which follow the checksummed part. */
    long storedCrc() throws IOException {
        long v = 0;
        for (int i = 0; i < 4; i++) {
            v = (v << 8) | (next() & 0xFF);
        }
        return v;
    }

    private byte next() throws IOException {
        if (pos == limit) {
            fill();
        }
        return buffer[pos++];
    }

    private void fill() throws IOException {
        crc.update(buffer, 0, pos);
        consumedBefore += pos;
        pos = 0;
        limit = 0;
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            throw new SavedRunFormatException.Truncated(position());
        }
        limit = n;
    }
}
