package loomscope.attach;

import java.util.ArrayList;
import java.util.List;

/**
 * {@link AgentCarriersTest}'s target, on one carrier ({@code -Djdk.virtualThreadScheduler.parallelism=1}): in each
 * round ({@link GoRounds}) it runs virtual threads that each spin a little over a millisecond and
 * sleep, in turns, for about a second and a half, then prints {@code CARRIERS n}: the most carrier threads (the
 * JDK's scheduler's ForkJoinPool workers) alive at any sample. Compiled for release 21.
 */
public final class OneCarrierTarget {
    private static final String CARRIER_PREFIX = "ForkJoinPool-1-worker-";

    private OneCarrierTarget() { }

    static int carriers() {
        int n = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            n += t.getName().startsWith(CARRIER_PREFIX) ? 1 : 0;
        }
        return n;
    }

    public static void main(String[] args) throws Exception {
        GoRounds.serve(OneCarrierTarget::round);
    }

    private static void round() throws Exception {
        long end = System.nanoTime() + 1_500_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(Thread.ofVirtual().start(() -> {
                while (System.nanoTime() < end) {
                    long spin = System.nanoTime() + 1_200_000;
                    while (System.nanoTime() < spin) {
                        Thread.onSpinWait();
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
        }
        int most = carriers();
        while (System.nanoTime() < end) {
            Thread.sleep(20);
            most = Math.max(most, carriers());
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println("CARRIERS " + Math.max(most, carriers()));
    }
}
