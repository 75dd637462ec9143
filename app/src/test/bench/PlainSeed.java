import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The seeds' experiment as a plain program, without LoomScope: 5,000 virtual threads, each doing 10,000 sin*cos
 * iterations and then sleeping 5 ms inside {@code synchronized} on a lock of its own, on the JDK's default scheduler
 * (run it with {@code -Djdk.virtualThreadScheduler.parallelism=1}). Written from the write-ups' description
 * (../shared/seeds, README: 000 and 001), not copied from them. Prints one line: "plain seed: N ms".
 * <p>{@code java app/src/test/bench/PlainSeed.java [threads] [cpu-iterations] [sleep-ms]}; seed-vs-plain.sh compiles it
 * once and alternates it with LoomScope's own run of the same experiment.
 */
public final class PlainSeed {
    private static volatile double sink;

    public static void main(String[] args) throws InterruptedException {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 5_000;
        int cpuIterations = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        long sleepMillis = args.length > 2 ? Long.parseLong(args[2]) : 5;
        List<Thread> started = new ArrayList<>(threads);
        long t0 = System.nanoTime();
        for (int i = 0; i < threads; i++) {
            started.add(Thread.ofVirtual().start(() -> {
                double result = 0;
                for (int k = 0; k < cpuIterations; k++) {
                    result += Math.sin(k) * Math.cos(k);
                }
                Object lock = new Object();   // a lock per task: only pinning can serialise the sleeps
                synchronized (lock) {
                    try {
                        Thread.sleep(Duration.ofMillis(sleepMillis));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                sink = result;
            }));
        }
        for (Thread t : started) {
            t.join();
        }
        System.out.printf("plain seed: %.1f ms%n", (System.nanoTime() - t0) / 1e6);
    }
}
