// A cart service whose synchronized method calls
// a slow API while holding the lock (a sleep
// stands for the call). Threads on the same
// product wait for each other on every JDK; on
// JDK 21 the holder also pins its carrier, so the
// others cannot even run.
public class CartService {
    static final int API_MS = 50;
    static final int PRODUCTS = 10;
    private final Object[] carts = new Object[PRODUCTS];

    public CartService() {
        for (int i = 0; i < PRODUCTS; i++) {
            carts[i] = new Object();
        }
    }

    public void run(int index) throws Exception {
        synchronized (carts[index % PRODUCTS]) {
            Thread.sleep(API_MS);   // the "API call" in the lock
        }
    }
}
