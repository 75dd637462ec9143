// The seed with a ReentrantLock of its own: a
// virtual thread that sleeps holding it unmounts,
// on JDK 21 as on 25. Never pins.
import java.util.concurrent.locks.ReentrantLock;

public class SeedReentrantLock {
    static final int CPU_ITERATIONS = 10_000;
    static final int SLEEP_MS = 5;
    volatile double sink;

    public void run(int index) throws Exception {
        double sum = 0;
        for (int i = 0; i < CPU_ITERATIONS; i++) {
            sum += Math.sin(i) * Math.cos(i);
        }
        sink = sum;
        ReentrantLock lock = new ReentrantLock();
        lock.lock();
        try {
            Thread.sleep(SLEEP_MS);
        } finally {
            lock.unlock();
        }
    }
}
