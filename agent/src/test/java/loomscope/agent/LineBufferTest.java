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
}
