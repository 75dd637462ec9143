package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CardInkTest {

    private final Graphics2D g = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB).createGraphics();
    private final Font font = CardInk.font(Font.BOLD, 40);

    @ParameterizedTest
    @ValueSource(ints = {50, 401, 6_000, 100_000})
    void elidingTakesLogarithmicallyManyMeasures(int length) {
        CardInk ink = new CardInk(g, 1);
        String cut = ink.elide("Sleep inside synchronized, a lock per task ".repeat(length / 40 + 1).substring(0, length),
                font, 800);
        // one measure of the whole (skipped when it is too long to fit anyway), then a binary search over at most
        // MAX_DRAWN_CHARS lengths; one per dropped character used to be 99,990 measures of up to 100,000 characters
        assertTrue(ink.measures() <= 2 + 32 - Integer.numberOfLeadingZeros(CardInk.MAX_DRAWN_CHARS + 1),
                ink.measures() + " measures for " + length + " characters");
        assertTrue(cut.endsWith("…"), cut);
    }

    @Test
    void theCutIsTheLongestThatFits() {
        CardInk ink = new CardInk(g, 1);
        String text = "JDK-25+legacy-locking:-XX:+UnlockDiagnosticVMOptions-XX:LockingMode=1-Xint-Xss2m";   // no blanks to strip
        for (double max : new double[] {60, 200, 500, 900}) {
            String cut = ink.elide(text, font, max);
            int kept = cut.length() - 1;
            assertEquals(text.substring(0, kept) + "…", cut);
            assertTrue(ink.width(cut, font) <= max || kept == 1, max + ": " + cut);
            assertTrue(ink.width(text.substring(0, kept + 1) + "…", font) > max, max + ": one more character fits: " + cut);
        }
        assertEquals(text, ink.elide(text, font, 10_000), "what fits is not cut");
    }

    @Test
    void neverHalfASurrogatePair() {
        CardInk ink = new CardInk(g, 1);
        String cut = ink.elide("\uD83E\uDDF5".repeat(300), font, 300);
        assertTrue(cut.codePoints().noneMatch(c -> Character.isSurrogate((char) c)), cut);
    }
}
