package loomscope.attach;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * The agent's text as read from a file that may claim anything: at most {@code maxBytes} in all and
 * {@code maxLineBytes} a line (a gzip bomb of one endless line would otherwise grow the line buffer until the heap
 * ends), and the first failure kept ({@link #failure()}), since the stream's reader only sees that it ended.
 */
final class GuardedText extends FilterInputStream {
    private final long maxBytes;
    private final int maxLineBytes;
    private long total;
    private long lineLength;
    private IOException failure;

    GuardedText(InputStream in, long maxBytes, int maxLineBytes) {
        super(in);
        this.maxBytes = maxBytes;
        this.maxLineBytes = maxLineBytes;
    }

    /** The bytes read so far. */
    long total() { return total; }

    /** What ended the reading other than the text's end, or null. */
    IOException failure() { return failure; }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n;
        try {
            n = super.read(b, off, len);
        } catch (IOException e) {
            throw kept(e);
        }
        if (n <= 0) {
            return n;
        }
        total += n;
        if (total > maxBytes) {
            throw kept(new Limit(String.format(Locale.ROOT,
                    "its text is longer than any the agent writes (%,d MB)", maxBytes >> 20)));
        }
        // each line checked as it ends too: one whose newline came in the same read passed a check after the loop
        for (int i = off; i < off + n; i++) {
            if (b[i] == '\n') {
                lineLength = 0;
            } else if (++lineLength > maxLineBytes) {
                throw kept(new Limit(String.format(Locale.ROOT,
                        "it has a line longer than any the agent writes (%,d bytes)", maxLineBytes)));
            }
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        return read(new byte[(int) Math.min(n, 8192)], 0, (int) Math.min(n, 8192));
    }

    private IOException kept(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }

    /** A bound of this reading, not a fault of the bytes' transport. */
    static final class Limit extends IOException {
        Limit(String message) {
            super(message);
        }
    }
}
