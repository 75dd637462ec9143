package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/**
 * A LoomScope that stopped reading (Ctrl+Z) holds the agent's writer inside a write: an exiting application was held
 * for the agent's whole 5 s to finish. The finish now lets go once the writer has made no progress for a second.
 */
class StalledReaderTest {

    /** An end whose writes block until it is closed, as a socket whose reader stopped reading. */
    private static final class Stalled implements StreamEnd {
        final CountDownLatch closed = new CountDownLatch(1);
        final CountDownLatch writing = new CountDownLatch(1);

        @Override public OutputStream out() {
            return new OutputStream() {
                @Override public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override public void write(byte[] b, int off, int len) throws IOException {
                    writing.countDown();
                    try {
                        closed.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw new IOException("closed");
                }
            };
        }

        @Override public InputStream commands() { return null; }
        @Override public boolean takesCommands() { return false; }
        @Override public void completed(long episodes, long notKept, long dropped) { }
        @Override public void failed(IOException e) { }
        @Override public void close() { closed.countDown(); }
    }

    @Test
    void aWriterStuckInOneWriteDoesNotHoldTheFinishForItsWholeTime() throws Exception {
        Stalled end = new Stalled();
        EpisodeStream session = new EpisodeStream(end, System.nanoTime(), Long.MAX_VALUE);
        session.start(null);
        session.send("N test a line to write");
        assertTrue(end.writing.await(30, TimeUnit.SECONDS), "the writer is in its write");
        long started = System.nanoTime();
        session.finish(20_000, "exited");
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        // a second without progress, and a wide margin for a loaded machine; the bound it replaces was the whole 20 s
        assertTrue(millis < 10_000, "finished in " + millis + " ms");
        assertTrue(end.closed.getCount() == 0, "the end was closed, which lets the writer go");
    }
}
