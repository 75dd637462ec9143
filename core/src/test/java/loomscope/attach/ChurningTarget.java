package loomscope.attach;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A memory-tight application that churns: run with {@code -Xmx32m}, a third of it (11 MB) its own data in 64 kB
 * arrays, it starts virtual threads in batches of 500, each allocating a little and sleeping 1 ms: 100,000 to
 * 180,000 threads a second on this 2-core machine alone, tens of thousands while attached. It says {@code READY} once
 * it churns and {@code done N} at its end (its input closed). Compiled for release 21 by the tests.
 */
public final class ChurningTarget {
    private static byte[][] ownData;
    private static volatile long sink;

    private ChurningTarget() { }

    public static void main(String[] args) throws Exception {
        ownData = new byte[11 * 16][];
        for (int i = 0; i < ownData.length; i++) {
            ownData[i] = new byte[1 << 16];
        }
        Thread watcher = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the test closes our input to end us
                }
            } catch (IOException e) {
                // ended all the same
            }
        }, "input-watcher");
        watcher.setDaemon(true);
        watcher.start();
        long started = 0;
        while (watcher.isAlive()) {
            try (ExecutorService batch = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 500; i++) {
                    batch.submit(() -> {
                        byte[] own = new byte[256];
                        sink += own.length;
                        Thread.sleep(1);
                        return null;
                    });
                }
            }
            if (started == 0) {
                System.out.println("READY");
                System.out.flush();
            }
            started += 500;
        }
        System.out.println("done " + started + " " + ownData.length);
    }
}
