package loomscope.io;

import java.nio.charset.StandardCharsets;

/**
 * The space-separated fields of one line of a byte stream, parsed in place without a String per number: the child
 * JVM's stream and the agent's are such lines, thousands a second. Every malformed field throws
 * {@link IllegalArgumentException} with a short reason; the reader names the line.
 */
public final class LineFields {
    private final byte[] b;
    private final int to;
    private int pos;

    /** The fields of {@code b[pos, to)}: each field is preceded by one space. */
    public LineFields(byte[] b, int pos, int to) {
        this.b = b;
        this.pos = pos;
        this.to = to;
    }

    public long nextLong() {
        if (pos >= to || b[pos] != ' ') {
            throw new IllegalArgumentException("missing field");
        }
        pos++;
        boolean negative = pos < to && b[pos] == '-';
        if (negative) {
            pos++;
        }
        int start = pos;
        long v = 0;
        while (pos < to && b[pos] != ' ') {
            int d = b[pos] - '0';
            if (d < 0 || d > 9) {
                throw new IllegalArgumentException("not a number");
            }
            v = v * 10 + d;
            pos++;
        }
        if (pos == start) {
            throw new IllegalArgumentException("empty field");
        }
        if (pos - start > 18) {
            // 19 digits or more may have wrapped around: checked the slow way, only for such rare numbers
            try {
                return Long.parseLong((negative ? "-" : "") + new String(b, start, pos - start, StandardCharsets.US_ASCII));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("number out of range");
            }
        }
        return negative ? -v : v;
    }

    public int nextInt() {
        long v = nextLong();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("number out of range");
        }
        return (int) v;
    }

    /** The rest of the line as text (UTF-8), after one space. */
    public String rest() {
        if (pos < to && b[pos] == ' ') {
            pos++;
        }
        String s = new String(b, pos, to - pos, StandardCharsets.UTF_8);
        pos = to;
        return s;
    }

    public void expectEnd() {
        if (pos != to) {
            throw new IllegalArgumentException("extra fields");
        }
    }
}
