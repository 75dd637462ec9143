package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

class ShownTextTest {

    @Test
    void controlsAreShownNewlinesAndTabsKept() {
        assertEquals("\\e[31mred\\x07\\x9B2J\\x7F\\x0D\tat x\nnext", ShownText.of("\u001b[31mred\u0007\u009b2J\u007f\r\tat x\nnext", 100));
    }

    @Test
    void plainTextIsUntouchedAndLongTextCut() {
        String plain = "java.lang.IllegalStateException: ünïcode ok";
        assertSame(plain, ShownText.of(plain, 100));
        assertEquals("abc...", ShownText.of("abcdef", 3));
    }
}
