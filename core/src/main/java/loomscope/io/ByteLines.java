package loomscope.io;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a stream line by line into one reused byte buffer and hands each line over in place ({@code [from, to)},
 * without its newline): the child JVMs' and the attached agents' streams carry thousands of lines a second, and a
 * String per line would cost LoomScope's JVM more CPU than the other process spends writing them. A line longer
 * than the buffer grows it, up to the bound given (a peer that sends one line that never ends would otherwise grow it
 * until the heap ends); each byte is scanned once and a partial line is moved at most once, to the buffer's front.
 */
public final class ByteLines {
    private static final int FIRST_BUFFER = 1 << 16;

    private ByteLines() { }

    /** One line; a non-null result ends the reading with it. */
    @FunctionalInterface
    public interface LineHandler<T> {
        T line(byte[] bytes, int from, int to);
    }

    /** The stream ended; {@code bytes[0, unfinished)} is a last line without its newline (0: none). */
    @FunctionalInterface
    public interface AtEnd<T> {
        T ended(byte[] bytes, int unfinished);
    }

    /** A line passed the bound: {@code bytes[from, to)} is its beginning (at least the bound's bytes); ends the reading. */
    @FunctionalInterface
    public interface TooLong<T> {
        T tooLong(byte[] bytes, int from, int to);
    }

    /** Reads until a handler's result or the stream's end, lines of any length; what the stream throws passes through. */
    public static <T> T read(InputStream in, LineHandler<T> handler, AtEnd<T> atEnd) throws IOException {
        return read(in, Integer.MAX_VALUE - 16, handler, atEnd, (bytes, from, to) -> {
            throw new IllegalStateException("a line of 2 GB");
        });
    }

    /**
     * Reads until a handler's result, the stream's end, or a line of more than {@code maxLineBytes} (its newline not
     * counted), whichever comes first; what the stream throws passes through.
     */
    public static <T> T read(InputStream in, int maxLineBytes, LineHandler<T> handler, AtEnd<T> atEnd,
                             TooLong<T> tooLong) throws IOException {
        byte[] buf = new byte[Math.min(FIRST_BUFFER, maxLineBytes + 1)];
        int filled = 0;
        while (true) {
            if (filled == buf.length) {
                // only a partial line fills the buffer (compaction moved it to the front): it is at most the bound
                buf = Arrays.copyOf(buf, (int) Math.min((long) buf.length * 2, maxLineBytes + 1L));
            }
            int n = in.read(buf, filled, buf.length - filled);
            if (n < 0) {
                return atEnd.ended(buf, filled);
            }
            int from = filled;
            filled += n;
            int lineStart = 0;
            for (int i = from; i < filled; i++) {
                if (buf[i] == '\n') {
                    if (i - lineStart > maxLineBytes) {
                        return tooLong.tooLong(buf, lineStart, i);
                    }
                    T result = handler.line(buf, lineStart, i);
                    lineStart = i + 1;
                    if (result != null) {
                        return result;
                    }
                }
            }
            if (filled - lineStart > maxLineBytes) {
                return tooLong.tooLong(buf, lineStart, filled);
            }
            if (lineStart > 0) {
                System.arraycopy(buf, lineStart, buf, 0, filled - lineStart);
                filled -= lineStart;
            }
        }
    }
}
