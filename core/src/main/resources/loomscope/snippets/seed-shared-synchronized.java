// The seed with ONE lock for all threads: they
// take turns, so the run is serialised on every
// JDK (N x 5 ms at least).
public class SeedSharedSynchronized {
    static final int CPU_ITERATIONS = 10_000;
    static final int SLEEP_MS = 5;
    private final Object lock = new Object();
    volatile double sink;

    public void run(int index) throws Exception {
        double sum = 0;
        for (int i = 0; i < CPU_ITERATIONS; i++) {
            sum += Math.sin(i) * Math.cos(i);
        }
        sink = sum;
        synchronized (lock) {
            Thread.sleep(SLEEP_MS);
        }
    }
}
