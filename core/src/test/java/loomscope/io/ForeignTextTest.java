package loomscope.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ForeignTextTest {

    @Test
    void controlsAndBidiBecomeQuestionMarksInOneLine() {
        assertEquals("?[31mred??2J???at x?next", ForeignText.clean("\u001b[31mred\u0007\u009b2J\u007f\r\tat x\nnext", 100));
        assertEquals("a?b?c?d?e", ForeignText.clean("a\u202Eb\u2066c\u200Fd\u2028e", 100));
        assertEquals("lone ?", ForeignText.clean("lone \uD800", 100));
    }

    @Test
    void severalLinesKeepTheirNewlinesAndTabsButNothingElse() {
        assertEquals("?[31mred??2J??\tat x\nnext", ForeignText.cleanLines("\u001b[31mred\u0007\u009b2J\u007f\r\tat x\nnext", 100));
        assertEquals("x?y", ForeignText.cleanLines("x\u202Ey", 100));
    }

    @Test
    void plainTextIsUntouchedAndLongTextCutWithItsMark() {
        String plain = "java.lang.IllegalStateException: ünïcode ok";
        assertSame(plain, ForeignText.clean(plain, 100));
        assertSame(plain, ForeignText.cleanLines(plain, 100));
        assertEquals("abc…", ForeignText.clean("abcdef", 3));
        assertEquals("abc…", ForeignText.cleanLines("abcdef", 3));
        assertEquals("a…", ForeignText.clean("a\uD83D\uDE00", 2), "a pair is never cut in half");
        assertEquals("", ForeignText.clean(null, 3));
    }

    @Test
    void hiddenIsWhatCleanWouldReplace() {
        assertTrue(ForeignText.hasHidden("x\u001b"));
        assertTrue(ForeignText.hasHidden("x\u202E"));
        assertFalse(ForeignText.hasHidden("plain"));
        assertFalse(ForeignText.hasHidden(null));
    }
}
