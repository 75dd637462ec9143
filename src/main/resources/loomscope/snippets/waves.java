// Waves: each thread sleeps S ms inside synchronized. On JDK 21
// with P carriers they finish in waves of P (K threads take about
// ceil(K / P) x S); on JDK 24+ all sleep at once: about S.
public class Waves {
    static final int SLEEP_MS = 400;

    public void run(int index) throws Exception {
        Object lock = new Object();
        synchronized (lock) {
            Thread.sleep(SLEEP_MS);
        }
    }
}
