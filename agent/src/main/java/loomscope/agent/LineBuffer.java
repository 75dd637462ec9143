package loomscope.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The stream's lines as bytes, numbers written in place: no String and no copy per line. The drain thread
 * runs in the target and takes CPU from its carriers on a small machine: a StringBuilder, its String and its UTF-8
 * copy cost three passes a line.
 */
final class LineBuffer {
    private byte[] bytes = new byte[1 << 16];
    private int length;

    LineBuffer put(char ascii) {
        ensure(1);
        bytes[length++] = (byte) ascii;
        return this;
    }

    /**
     * A number in decimal, two digits a step from a table, written straight into place: the drain thread writes
     * five numbers an episode; this and the thread ids' table of primitives ({@link ThreadIndex}) took a third off
     * its CPU an episode (docs/performance.md, "Attach").
     */
    LineBuffer put(long value) {
        ensure(20);
        if (value < 0) {
            if (value == Long.MIN_VALUE) {
                return put(Long.toString(value));
            }
            bytes[length++] = '-';
            value = -value;
        }
        int end = length + digitCount(value);
        int at = end;
        while (value >= 100) {
            int pair = (int) (value % 100) * 2;
            value /= 100;
            bytes[--at] = DIGIT_PAIRS[pair + 1];
            bytes[--at] = DIGIT_PAIRS[pair];
        }
        if (value >= 10) {
            int pair = (int) value * 2;
            bytes[--at] = DIGIT_PAIRS[pair + 1];
            bytes[--at] = DIGIT_PAIRS[pair];
        } else {
            bytes[--at] = (byte) ('0' + value);
        }
        length = end;
        return this;
    }

    private static final byte[] DIGIT_PAIRS = new byte[200];

    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    private static int digitCount(long value) {
        int n = 1;
        for (long bound = 10; n < 19 && value >= bound; bound *= 10) {
            n++;
        }
        return n;
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

    /** Forgets what was put after the first {@code keep} bytes (not written yet). */
    void truncate(int keep) {
        length = Math.min(length, keep);
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
