package loomscope.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;

class IntInputTest {
    private final IntInput n = new IntInput("Virtual threads N", 1, 100_000);

    @Test
    void acceptsWholeNumbersWithSeparators() {
        assertEquals(new IntInput.Valid(5000), n.parse(" 5,000 "));
        assertEquals(new IntInput.Valid(300), n.parse("300"));
    }

    @Test
    void saysWhatIsWrong() {
        assertEquals("Virtual threads N must be from 1 to 100,000, was 0", ((IntInput.Invalid) n.parse("0")).message());
        assertEquals("Virtual threads N must be a whole number from 1 to 100,000, was '2.5'",
                ((IntInput.Invalid) n.parse("2.5")).message());
        assertInstanceOf(IntInput.Invalid.class, n.parse(""));
        assertInstanceOf(IntInput.Invalid.class, n.parse("99999999999999999999"));
    }
}
