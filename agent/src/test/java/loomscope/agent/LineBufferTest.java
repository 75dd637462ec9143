package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The stream's bytes are what Long.toString and UTF-8 would have written, also at the edges and past the buffer. */
class LineBufferTest {

    @Test
    void numbersTextAndGrowth() throws IOException {
        LineBuffer b = new LineBuffer();
        StringBuilder expected = new StringBuilder();
        long[] values = {0, 7, -1, 10, -10, 1_000_000_007L, Long.MAX_VALUE, Long.MIN_VALUE, -2 - 999_999L};
        for (int round = 0; round < 5_000; round++) {
            for (long v : values) {
                b.put('M').put(' ').put(v).put(' ').put("wörker-" + round).put('\n');
                expected.append("M ").append(v).append(' ').append("wörker-").append(round).append('\n');
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        b.writeTo(out);
        assertEquals(expected.toString(), out.toString(StandardCharsets.UTF_8));
        assertEquals(0, b.length());
    }

    @Test
    void everyDigitCountAndItsEdges() throws IOException {
        LineBuffer b = new LineBuffer();
        StringBuilder expected = new StringBuilder();
        java.util.SplittableRandom random = new java.util.SplittableRandom(491);
        for (long power = 1; ; power *= 10) {
            for (long v : new long[] {power - 1, power, power + 1, -power, random.nextLong(power, power * 10 > 0 ? power * 10 : Long.MAX_VALUE)}) {
                b.put(v).put('\n');
                expected.append(v).append('\n');
            }
            if (power > Long.MAX_VALUE / 10) {
                break;
            }
        }
        for (int i = 0; i < 100_000; i++) {
            long v = random.nextLong();
            b.put(v).put(' ');
            expected.append(v).append(' ');
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        b.writeTo(out);
        assertEquals(expected.toString(), out.toString(StandardCharsets.UTF_8));
    }
}
