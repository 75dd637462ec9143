// Even threads produce ITEMS each, odd threads
// consume ITEMS each, through a buffer guarded by
// synchronized / wait / notifyAll. On JDK 21 a
// consumer waiting in wait() holds its carrier.
import java.util.ArrayDeque;

public class ProducerConsumer {
    static final int ITEMS = 100;
    private final ArrayDeque<Integer> buffer = new ArrayDeque<>();

    public void run(int index) throws Exception {
        for (int i = 0; i < ITEMS; i++) {
            if (index % 2 == 0) {
                synchronized (buffer) {
                    buffer.add(i);
                    buffer.notifyAll();
                }
            } else {
                synchronized (buffer) {
                    while (buffer.isEmpty()) {
                        buffer.wait();
                    }
                    buffer.poll();
                }
            }
        }
    }
}
