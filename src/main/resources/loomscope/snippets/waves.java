// Waves: each thread sleeps S ms inside synchronized. On JDK 21
// with P carriers they finish in waves of P (K threads take about
// ceil(K / P) x S); on JDK 24+ all sleep at once: about S.
public class Waves {
    static final int SLEEP_MS = 400;
    // The lock is published here: the JIT removes a lock that no
    // other thread can see, and then nothing would pin at all.
    volatile Object published;

    public void run(int index) throws Exception {
        Object lock = new Object();
        published = lock;
        synchronized (lock) {
            Thread.sleep(SLEEP_MS);
        }
    }
}
