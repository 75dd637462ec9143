package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import loomscope.probe.StackFrame;

/** Each distinct stack is parsed, cleaned and counted once. */
class SharedStacksTest {

    @Test
    void aStackThatCameBeforeIsTheSameOneAndCostsNothingMore() {
        SharedStacks stacks = new SharedStacks();
        List<String> frames = List.of("java.lang.Object.wait(Object.java:1)", "org.example.Main.run(Main.java:12)");
        long[] first = {0};
        List<StackFrame> kept = stacks.shared(frames, first);
        assertEquals(2, kept.size());
        assertTrue(first[0] >= 2 * SharedStacks.FRAME_BYTES, "its frames counted");
        long[] again = {0};
        assertSame(kept, stacks.shared(List.copyOf(frames), again));
        assertEquals(0, again[0]);
    }

    @Test
    void whatATerminalObeysInAFrameIsReplaced() {
        List<StackFrame> kept = new SharedStacks().shared(List.of("org.example.\u001b[2JMain.run(Main.java:12)"), new long[1]);
        assertTrue(kept.get(0).toString().indexOf('\u001b') < 0, kept.get(0).toString());
    }
}
