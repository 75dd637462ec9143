package loomscope.jdks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** A command that hangs is stopped at its timeout instead of blocking the caller on its output pipe. */
class BoundedCommandTest {

    @Test
    void aHangingCommandIsStoppedAtTheTimeout() throws Exception {
        long start = System.nanoTime();
        // prints first, then hangs with its output still open: reading a pipe first would block for 60 s
        BoundedCommand.Outcome out = BoundedCommand.run(List.of("sh", "-c", "echo started; sleep 60"), 1);
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertTrue(out.timedOut());
        assertTrue(seconds < 30, "returned after " + seconds + " s");
        assertTrue(out.output().contains("started"), out.output());
    }

    @Test
    void aCommandThatEndsGivesItsExitCodeAndBothStreams() throws Exception {
        BoundedCommand.Outcome out = BoundedCommand.run(List.of("sh", "-c", "echo out; echo err 1>&2; exit 3"), 15);
        assertFalse(out.timedOut());
        assertEquals(3, out.exitCode());
        assertTrue(out.output().contains("out") && out.output().contains("err"), out.output());
    }
}
