package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import loomscope.probe.StackFrame;
import loomscope.probe.Witness;
import org.junit.jupiter.api.Test;

/**
 * A child's {@code X witness} lines: read back as sent, stacks shared, bounded whatever the child's code does, and a
 * damaged line costs that line only.
 */
class WitnessLinesTest {
    private static final List<StackFrame> READ = List.of(
            new StackFrame(null, "java.io.FileInputStream", "readBytes", null, StackFrame.NATIVE_LINE),
            new StackFrame(null, "shop.Cart", "load", "Cart.java", 42));

    @Test
    void aWitnessComesBackAsItWasSentWithItsPathAndStack() {
        Witness sent = new Witness(Witness.Kind.FILE_READ, 123_456, 2_000_000, "/data/a b,c.bin", READ);
        Witness back = PinnedEvents.decodeWitness(PinnedEvents.encodeWitness(sent));
        assertEquals(sent.kind(), back.kind());
        assertEquals(sent.start(), back.start());
        assertEquals(sent.duration(), back.duration());
        assertEquals("/data/a b,c.bin", back.detail(), "a space and a comma in a path survive the line's encoding");
        assertEquals(List.of("shop.Cart.load(Cart.java:42)"), List.of(back.stack().get(1).toString()));
        Witness safepoint = PinnedEvents.decodeWitness(PinnedEvents.encodeWitness(
                new Witness(Witness.Kind.SAFEPOINT, 1, 2, null, List.of())));
        assertEquals(null, safepoint.detail());
        assertEquals(List.of(), safepoint.stack());
    }

    /** A held stack's line keeps whether the kernel confirmed the block; a child's older line, without it, reads as "did not say". */
    @Test
    void aHeldStackKeepsTheKernelsWord() {
        Witness confirmed = PinnedEvents.decodeWitness(PinnedEvents.encodeWitness(
                Witness.heldStack(1, 2_000_001, "loomscope-carrier-0", Thread.State.RUNNABLE, true, READ)));
        assertTrue(confirmed.heldKernelBlocked());
        assertEquals("loomscope-carrier-0", confirmed.heldCarrier());
        Witness old = PinnedEvents.decodeWitness(PinnedEvents.WITNESS + " HELD_STACK 1 2000000 RUNNABLE+loomscope-carrier-0 -");
        assertEquals(Thread.State.RUNNABLE, old.heldState());
        assertEquals("loomscope-carrier-0", old.heldCarrier());
        assertTrue(!old.heldKernelBlocked(), "an older child's line: the kernel did not say");
    }

    @Test
    void stacksAreSharedAndTheLinesBoundedAndABadLineCostsOnlyItself() {
        ChildProbeLines lines = new ChildProbeLines();
        String line = PinnedEvents.encodeWitness(new Witness(Witness.Kind.SOCKET_READ, 1, 600_000, "db:5432", READ));
        for (int i = 0; i < ChildProbeLines.MAX_WITNESSES + 5; i++) {
            lines.accept(line);
        }
        lines.accept(PinnedEvents.WITNESS + " FILE_READ 1 -5 - -");
        lines.accept(PinnedEvents.WITNESS + " NO_SUCH_KIND 1 5 - -");
        List<Witness> kept = lines.witnesses();
        assertEquals(ChildProbeLines.MAX_WITNESSES, kept.size());
        assertEquals(7, lines.witnessesNotKept(), "past the bound: counted, not kept, not even read");
        assertSame(kept.get(0).stack(), kept.get(kept.size() - 1).stack(), "one stack for a million reads");
        assertTrue(lines.notes().isEmpty(), "past the bound the lines are not even read: " + lines.notes());
    }

    @Test
    void aDamagedLineIsANoteNotAFailure() {
        ChildProbeLines lines = new ChildProbeLines();
        lines.accept(PinnedEvents.WITNESS + " FILE_READ 1 -5 - -");
        lines.accept(PinnedEvents.WITNESS + " NO_SUCH_KIND 1 5 - -");
        lines.accept(PinnedEvents.WITNESS + " FILE_READ x");
        assertEquals(0, lines.witnesses().size());
        assertEquals(3, lines.notes().size(), lines.notes().toString());
        assertTrue(lines.notes().get(0).startsWith("unreadable probe data"), lines.notes().toString());
    }
}
