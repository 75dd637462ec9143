package loomscope.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The state letter of a task's stat line: after the last parenthesis, since a thread's name may hold one. */
class CarrierScheduleTest {

    private static char state(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        return CarrierSchedule.stateOf(bytes, bytes.length);
    }

    @Test
    void theStateFollowsTheNamesLastParenthesis() {
        assertEquals('S', state("4242 (ForkJoinPool-1) S 1 4242 4242 0 -1"));
        assertEquals('R', state("4242 (a) b (c) R 1 4242"));
        assertEquals('D', state("7 (x) D"));
        assertEquals(0, state("4242 (cut"));
        assertEquals(0, state("4242 (x)"));
    }
}
