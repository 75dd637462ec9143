package loomscope.attach;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link AttachCostBench}'s target: on one carrier ({@code -Djdk.virtualThreadScheduler.parallelism=1}), virtual
 * threads that only yield, so that nearly all of the time goes to mount episodes. Prints {@code READY}, waits for
 * {@code go} on stdin, runs, prints {@code NS <wall nanoseconds per episode>}, and repeats until stdin ends.
 */
public final class MountLoop {
    private MountLoop() { }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int yields = Integer.parseInt(args[1]);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("READY");
        System.out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            if (!line.equals("go")) {
                continue;
            }
            long start = System.nanoTime();
            List<Thread> started = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                started.add(Thread.ofVirtual().start(() -> {
                    for (int i = 0; i < yields; i++) {
                        Thread.yield();
                    }
                }));
            }
            for (Thread t : started) {
                t.join();
            }
            long wall = System.nanoTime() - start;
            // each yield ends one episode and starts the next; each thread adds its first mount
            long episodes = (long) threads * (yields + 1);
            System.out.printf(java.util.Locale.ROOT, "NS %.1f%n", (double) wall / episodes);
            System.out.flush();
        }
    }
}
