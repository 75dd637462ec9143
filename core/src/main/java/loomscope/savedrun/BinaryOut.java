package loomscope.savedrun;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The writing half of the file's encoding: unsigned LEB128 varints, zigzag for values that may be negative,
 * strings as (length + 1, UTF-8) so that 0 is null. Buffers itself and keeps the CRC-32 of all it wrote.
 */
final class BinaryOut {
    private final OutputStream out;
    private final CRC32 crc = new CRC32();
    private final byte[] buffer = new byte[1 << 16];
    private int used;
    private long written;

    BinaryOut(OutputStream out) {
        this.out = out;
    }

    void bytes(byte[] b) throws IOException {
        for (byte x : b) {
            put(x);
        }
    }

    void varint(long v) throws IOException {
        if (used > buffer.length - 10) {
            flushBuffer();
        }
        while ((v & ~0x7FL) != 0) {
            buffer[used++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buffer[used++] = (byte) v;
    }

    void signed(long v) throws IOException {
        varint((v << 1) ^ (v >> 63));
    }

    void string(String s) throws IOException {
        if (s == null) {
            varint(0);
            return;
        }
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        varint(utf8.length + 1L);
        bytes(utf8);
    }

    private void put(byte b) throws IOException {
        if (used == buffer.length) {
            flushBuffer();
        }
        buffer[used++] = b;
    }

    /** The CRC-32 of everything written so far (flushes first). */
    long crc() throws IOException {
        flushBuffer();
        return crc.getValue();
    }

    long written() {
        return written + used;
    }

    /** Writes the 4 bytes of the checksum (not themselves checksummed) and flushes. */
    void finish(long crcValue) throws IOException {
        flushBuffer();
        out.write(new byte[] {(byte) (crcValue >>> 24), (byte) (crcValue >>> 16), (byte) (crcValue >>> 8), (byte) crcValue});
        written += 4;
        out.flush();
    }

    private void flushBuffer() throws IOException {
        crc.update(buffer, 0, used);
        out.write(buffer, 0, used);
        written += used;
        used = 0;
    }
}
