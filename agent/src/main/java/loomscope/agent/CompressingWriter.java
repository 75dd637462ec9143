package loomscope.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * gzip on a thread of its own: the drain thread hands over each batch of lines it wrote and goes back to the
 * carriers' rings. Deflating on the drain thread itself tripled its CPU per episode (~240 ns, at its fastest level)
 * and, measured on the busy 2-core machine, full rings then dropped 33-81 % of a yield loop's episodes
 * against 0.1-38 % without compression (docs/attach.md). At most {@value #QUEUED} batches wait; past that the drain
 * thread waits too, its rings fill, and what they drop is counted as always.
 */
final class CompressingWriter extends OutputStream {
    static final int QUEUED = 256;
    private static final byte[] END = new byte[0];

    private final GZIPOutputStream gzip;
    private final BlockingQueue<byte[]> batches = new ArrayBlockingQueue<>(QUEUED);
    private final Thread compressor;
    private volatile IOException failure;
    /** Set by {@link #finish()}: a compressor that failed stops taking batches then (the end mark may be lost). */
    private volatile boolean finishing;

    CompressingWriter(OutputStream file) throws IOException {
        this.gzip = new GZIPOutputStream(file, 1 << 16) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        };
        compressor = new Thread(this::compressLoop, "loomscope-agent-gzip");
        compressor.setDaemon(true);
        compressor.start();
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    /** A copy of the batch is queued; the caller's buffer is its own again at once. */
    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        throwIfFailed();
        if (len == 0) {
            return;
        }
        try {
            batches.put(Arrays.copyOfRange(b, off, off + len));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the file's compressor was behind");
        }
    }

    /** Everything queued compressed and gzip's trailer written; the file underneath is the caller's to close. */
    void finish() throws IOException {
        finishing = true;
        try {
            if (failure == null) {
                batches.put(END);   // after a failure the compressor takes whatever comes, and ends on finishing
            }
            compressor.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the file was finished");
        }
        throwIfFailed();
    }

    private void throwIfFailed() throws IOException {
        if (failure != null) {
            throw failure;
        }
    }

    private void compressLoop() {
        try {
            while (true) {
                byte[] batch = batches.take();
                if (batch == END) {
                    gzip.finish();
                    return;
                }
                gzip.write(batch);
            }
        } catch (IOException e) {
            failure = e;
            batches.clear();   // the drain thread must not wait on a queue nobody empties
            drainForever();
        } catch (InterruptedException e) {
            failure = new IOException("the file's compressor was interrupted");
        }
    }

    /**
     * After a failure: takes whatever else is handed over, so that no writer blocks (the failure is reported to it),
     * until {@link #finish()} asks; the end mark itself may have gone with the batches cleared, or with a failed
     * trailer.
     */
    private void drainForever() {
        try {
            while (!finishing) {
                batches.poll(50, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
