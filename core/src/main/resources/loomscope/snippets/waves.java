// Waves: each thread sleeps S ms inside
// synchronized. On JDK 21 with P carriers they
// end in waves of P: K threads take ceil(K / P) x
// S at least. On JDK 24+ all sleep at once: about
// S.
public class Waves {
    static final int SLEEP_MS = 400;
    // Published: the JIT drops a lock that no
    // other thread sees, and nothing would pin.
    volatile Object published;

    public void run(int index) throws Exception {
        Object lock = new Object();
        published = lock;
        synchronized (lock) {
            Thread.sleep(SLEEP_MS);
        }
    }
}
