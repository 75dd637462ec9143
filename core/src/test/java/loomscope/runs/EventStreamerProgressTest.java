package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/**
 * The stream's progress count moves while a run keeps its queue from ever emptying: ProgressWatch reads it, and a
 * count that waited for an empty queue said "no progress for 10 s" all through a million-thread run.
 */
class EventStreamerProgressTest {

    @Test
    void progressIsCountedWhileTheQueueNeverEmpties() throws Exception {
        // a parent that reads slowly: each write takes a millisecond, so the producer below stays ahead
        OutputStream slow = new OutputStream() {
            @Override public void write(int b) { }
            @Override public void write(byte[] b, int off, int len) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        EventStreamer streamer = new EventStreamer(slow, "25");
        AtomicBoolean producing = new AtomicBoolean(true);
        Thread producer = Thread.ofPlatform().start(() -> {
            int vt = 0;
            while (producing.get()) {
                if (streamer.unsentLines() > 100_000) {
                    Thread.onSpinWait(); // ahead, but bounded: the queue never empties, memory stays small
                    continue;
                }
                streamer.mountStarted(0, vt, 1, 2);
                streamer.mountEnded(0, vt++, 3, 0);
            }
        });
        try {
            // a ceiling: on a loaded machine the producer may take a while to get ahead of the writer
            long deadline = System.nanoTime() + 60_000_000_000L;
            boolean countedWhileBehind = false;
            long before = 0;
            while (!countedWhileBehind && System.nanoTime() < deadline) {
                Thread.sleep(10);
                long written = streamer.eventsWritten();
                // more counted in the last 10 ms, and the queue still not empty: counted while the producer was ahead
                countedWhileBehind = before > 0 && written > before && streamer.unsentLines() > 0;
                before = written;
            }
            assertTrue(countedWhileBehind, "events written were counted while the producer stayed ahead of the writer, "
                    + "as in a large run: " + streamer.eventsWritten() + " written, " + streamer.unsentLines() + " unsent");
        } finally {
            producing.set(false);
            producer.join();
        }
    }
}
