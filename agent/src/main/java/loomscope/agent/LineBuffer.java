package loomscope.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The stream's lines as bytes, numbers written digit by digit: no String and no copy per line. The drain thread
 * runs in the target and takes CPU from its carriers on a small machine: a StringBuilder, its String and its UTF-8
 * copy cost three passes a line.
 */
final class LineBuffer {
    private byte[] bytes = new byte[1 << 16];
    private int length;
    private final byte[] digits = new byte[20];

    LineBuffer put(char ascii) {
        ensure(1);
        bytes[length++] = (byte) ascii;
        return this;
    }

    LineBuffer put(long value) {
        ensure(21);
        if (value < 0) {
            if (value == Long.MIN_VALUE) {
                return put(Long.toString(value));
            }
            bytes[length++] = '-';
            value = -value;
        }
        int n = 0;
        do {
            digits[n++] = (byte) ('0' + value % 10);
            value /= 10;
        } while (value != 0);
        while (n > 0) {
            bytes[length++] = digits[--n];
        }
        return this;
    }

    /** Text as UTF-8 (names, messages: rare next to numbers). */
    LineBuffer put(String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        ensure(utf8.length);
        System.arraycopy(utf8, 0, bytes, length, utf8.length);
        length += utf8.length;
        return this;
    }

    int length() {
        return length;
    }

    void writeTo(OutputStream out) throws IOException {
        if (length > 0) {
            out.write(bytes, 0, length);
            out.flush();
            length = 0;
        }
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}
