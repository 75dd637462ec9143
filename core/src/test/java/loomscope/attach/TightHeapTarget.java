package loomscope.attach;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An application sized tightly for itself: run with {@code -Xmx32m}, it holds 20 MB of its own data (in 64 kB arrays,
 * none of them humongous) and starts virtual threads in batches, each sleeping 1 ms, until its standard input closes.
 * It says {@code READY} once it churns and {@code done N} at its end. Compiled for release 21 by the tests.
 */
public final class TightHeapTarget {
    private static byte[][] ownData;

    private TightHeapTarget() { }

    public static void main(String[] args) throws Exception {
        ownData = new byte[20 * 16][];
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
        boolean said = false;
        while (watcher.isAlive()) {
            try (ExecutorService batch = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 1_000; i++) {
                    batch.submit(() -> {
                        Thread.sleep(1);
                        return null;
                    });
                }
            }
            started += 1_000;
            if (!said) {
                System.out.println("READY");
                System.out.flush();
                said = true;
            }
        }
        System.out.println("done " + started + " " + ownData.length);
    }
}
