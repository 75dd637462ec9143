package loomscope.io;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a stream line by line into one reused byte buffer and hands each line over in place ({@code [from, to)},
 * without its newline): the child JVMs' and the attached agents' streams carry thousands of lines a second, and a
 * String per line would cost LoomScope's JVM more CPU than the other process spends writing them. A line longer
 * than the buffer grows it.
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

    /** Reads until a handler's result or the stream's end; what the stream throws passes through. */
    public static <T> T read(InputStream in, LineHandler<T> handler, AtEnd<T> atEnd) throws IOException {
        byte[] buf = new byte[FIRST_BUFFER];
        int filled = 0;
        while (true) {
            if (filled == buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
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
                    T result = handler.line(buf, lineStart, i);
                    lineStart = i + 1;
                    if (result != null) {
                        return result;
                    }
                }
            }
            System.arraycopy(buf, lineStart, buf, 0, filled - lineStart);
            filled -= lineStart;
        }
    }
}
