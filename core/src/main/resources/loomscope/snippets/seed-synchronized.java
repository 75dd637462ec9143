// The seed: CPU work, then a 5 ms sleep inside
// synchronized on a lock of its own. JDK 21 pins
// the carrier for each sleep (N x 5.4 ms / P at
// least); JDK 24+ unmounts the sleeper (JEP 491).
public class SeedSynchronized {
    static final int CPU_ITERATIONS = 10_000;
    static final int SLEEP_MS = 5;
    volatile double sink;
    // Published: the JIT drops a lock that no
    // other thread sees, and nothing would pin.
    volatile Object published;

    public void run(int index) throws Exception {
        double sum = 0;
        for (int i = 0; i < CPU_ITERATIONS; i++) {
            sum += Math.sin(i) * Math.cos(i);
        }
        sink = sum;
        Object lock = new Object();
        published = lock;
        synchronized (lock) {
            Thread.sleep(SLEEP_MS);
        }
    }
}
