package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a child's run ended, judged from its stream's end, its exit, our side and its own words, in that order. */
class ChildOutcomesTest {
    @TempDir Path errorFiles;

    private static final ChildOutcomes.OurSide QUIET = new ChildOutcomes.OurSide(-1, null, null, false, true, false);

    private ChildOutcomes outcomes(String... stderrLines) {
        ChildOutput stderr = new ChildOutput();
        for (String line : stderrLines) {
            stderr.line(line);
        }
        return new ChildOutcomes(stderr, new ChildOutput(), errorFiles);
    }

    @Test
    void aCompleteStreamIsACompletedRunOrACancelledOne() {
        assertEquals(new RunOutcome.Completed(), outcomes().judge(new StreamReceiver.Ending.Complete(), 0, 1, QUIET));
        assertEquals(new RunOutcome.Cancelled("stopped by you"), outcomes().judge(new StreamReceiver.Ending.Complete(), 0, 1,
                new ChildOutcomes.OurSide(-1, null, null, true, true, true)));
        assertEquals(new RunOutcome.Cancelled("cancelled in the child"), outcomes().judge(
                new StreamReceiver.Ending.Complete(), 0, 1, new ChildOutcomes.OurSide(-1, null, null, false, true, true)));
    }

    @Test
    void whatOurSideSawComesBeforeTheStreamsEnd() {
        assertEquals(new RunOutcome.Hung(12_000), outcomes().judge(new StreamReceiver.Ending.Complete(), 0, 1,
                new ChildOutcomes.OurSide(12_000, "refused", "it hung", false, true, false)));
        assertEquals(new RunOutcome.Failed("refused"), outcomes().judge(new StreamReceiver.Ending.Complete(), 0, 1,
                new ChildOutcomes.OurSide(-1, "refused", null, false, true, false)));
        assertEquals(new RunOutcome.Killed("it hung"), outcomes().judge(new StreamReceiver.Ending.Cut(3), 143, 1,
                new ChildOutcomes.OurSide(-1, null, "it hung", false, true, false)));
    }

    @Test
    void aChildThatNeverSaidHelloDidNotStartInItsOwnWords() {
        RunOutcome.Failed failed = (RunOutcome.Failed) outcomes("Unrecognized VM option 'Foo'",
                "Error: Could not create the Java Virtual Machine.").judge(new StreamReceiver.Ending.Cut(0), 1, 1,
                new ChildOutcomes.OurSide(-1, null, null, false, false, false));
        assertEquals("the child JVM did not start (exit code 1): Unrecognized VM option 'Foo'", failed.message());
    }

    @Test
    void aStreamCutInTheMiddleOfALineIsBrokenUnlessTheChildSaidWhyItDied() {
        assertEquals(new RunOutcome.StreamBroken("it ended in the middle of line 8 ('M 1 2'), exit code 0"),
                outcomes().judge(new StreamReceiver.Ending.MidLine(7, "M 1 2"), 0, 1, QUIET));
        RunOutcome oom = outcomes("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space")
                .judge(new StreamReceiver.Ending.MidLine(7, "M 1 2"), 3, 1, QUIET);
        assertInstanceOf(RunOutcome.Crashed.class, oom);
        assertEquals("java.lang.OutOfMemoryError: Java heap space", ((RunOutcome.Crashed) oom).cause());
        assertEquals(List.of("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space"),
                ((RunOutcome.Crashed) oom).lastOutput());
    }

    @Test
    void garbledLinesAreACrashWhenItDiedElseABrokenStream() {
        StreamReceiver.Ending.Garbled garbled = new StreamReceiver.Ending.Garbled(4, "xyz", "no such kind");
        assertEquals(new RunOutcome.StreamBroken("line 4 is not LoomScope's stream (no such kind): 'xyz'"),
                outcomes().judge(garbled, 0, 1, QUIET));
        assertInstanceOf(RunOutcome.Crashed.class, outcomes().judge(garbled, 134, 1, QUIET));
    }
}
