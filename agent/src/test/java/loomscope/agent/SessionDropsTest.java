package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/**
 * A carrier's recorder lives as long as the agent: what it dropped before a session (no session draining it, or an
 * earlier one) is not the new session's, which starts counting from zero.
 */
class SessionDropsTest {

    /** The stream's lines in memory; what it says at its end. */
    private static final class InMemory implements StreamEnd {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final AtomicLong droppedAtEnd = new AtomicLong(-1);

        @Override public OutputStream out() { return bytes; }
        @Override public InputStream commands() { return null; }
        @Override public boolean takesCommands() { return false; }
        @Override public void completed(long episodes, long notKept, long dropped) { droppedAtEnd.set(dropped); }
        @Override public void failed(java.io.IOException e) { throw new AssertionError(e); }
        @Override public void close() { }
    }

    @Test
    void dropsBeforeASessionAreNotItsOwn() {
        Thread vt = Thread.ofVirtual().unstarted(() -> { });
        // this test's thread stands for a carrier; nobody drains its ring: it fills, then drops
        for (int i = 0; i < CarrierRecorder.ringCapacity + 5; i++) {
            Hooks.mounted(vt);
            Hooks.unmounted(vt);
        }
        CarrierRecorder mine = Hooks.carriers().stream().filter(r -> r.carrier == Thread.currentThread()).findFirst()
                .orElseThrow();
        assertTrue(mine.dropped() >= 5, "dropped before the session: " + mine.dropped());

        InMemory end = new InMemory();
        EpisodeStream session = new EpisodeStream(end, System.nanoTime(), Long.MAX_VALUE);
        session.start(null);
        for (int i = 0; i < 3; i++) {
            Hooks.mounted(vt);
            Hooks.unmounted(vt);
        }
        session.finish(10_000, "detached");

        String lines = end.bytes.toString(StandardCharsets.UTF_8);
        assertEquals(0, end.droppedAtEnd.get(), lines);
        assertTrue(lines.lines().noneMatch(l -> l.startsWith("D " + mine.index + " ")), lines);
        assertEquals(3, lines.lines().filter(l -> l.startsWith("M " + mine.index + " ")).count(), lines);
    }
}
