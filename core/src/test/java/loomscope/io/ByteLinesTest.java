package loomscope.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Lines in place, a bound on a line's length, and a partial line never copied again and again. */
class ByteLinesTest {

    /** The lines read, then how the reading ended: "end:N" (N unfinished bytes) or "long:N" (N bytes of the line). */
    private static List<String> read(InputStream in, int bound) throws IOException {
        List<String> seen = new ArrayList<>();
        String ending = ByteLines.read(in, bound, (b, from, to) -> {
            seen.add(new String(b, from, to - from, StandardCharsets.UTF_8));
            return null;
        }, (b, unfinished) -> "end:" + unfinished, (b, from, to) -> "long:" + (to - from));
        seen.add(ending);
        return seen;
    }

    private static InputStream text(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void linesUpToTheBoundPassAndTheFirstLongerOneEndsTheReading() throws IOException {
        assertEquals(List.of("ab", "", "abcd", "end:2"), read(text("ab\n\nabcd\nxy"), 4));
        assertEquals(List.of("ab", "long:5"), read(text("ab\nabcde\nnever"), 4));
        // its newline in the same read as the rest of it: still too long, seen at the bound's bytes and one
        assertEquals(List.of("long:65537"), read(text("x".repeat(65_543) + "\nZ\n"), 1 << 16));
        assertEquals(List.of("long:5"), read(new java.io.BufferedInputStream(text("abcde\n"), 64), 4));
        assertEquals(List.of("x".repeat(1 << 16), "end:0"), read(text("x".repeat(1 << 16) + "\n"), 1 << 16));
    }

    @Test
    void aLineThatNeverEndsStopsAtTheBoundWithoutHoldingMore() throws IOException {
        InputStream endless = new InputStream() {
            @Override public int read() { return 'a'; }
            @Override public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'a');
                return len;
            }
        };
        List<String> seen = read(endless, 1 << 20);
        assertEquals(1, seen.size());
        long got = Long.parseLong(seen.get(0).substring("long:".length()));
        assertEquals(true, got > 1 << 20 && got <= (1 << 20) + 1, seen.get(0));
    }

    @Test
    void aLongLineInTinyReadsIsNotCopiedOnEachRead() {
        // 4 MB a byte a read: copying the partial line at each read moved ~8 TB (a core for many minutes)
        int length = 4 << 20;
        InputStream trickle = new InputStream() {
            private int left = length;
            @Override public int read() { return left-- > 0 ? 'a' : left == -1 ? '\n' : -1; }
            @Override public int read(byte[] b, int off, int len) {
                int c = read();
                if (c < 0) {
                    return -1;
                }
                b[off] = (byte) c;
                return 1;
            }
        };
        List<String> seen = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> read(trickle, length));
        assertEquals(length, seen.get(0).length());
        assertEquals("end:0", seen.get(1));
    }
}
