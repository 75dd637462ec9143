// A class whose static initializer sleeps: the
// first thread runs it, the others wait for it to
// finish. The initializer pins its carrier on JDK
// 21 and 25 alike ("VM call to ...<clinit>").
public class ClassInit {
    static final int INIT_MS = 100;

    static class Slow {
        static final long READY;

        static {
            try {
                Thread.sleep(INIT_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            READY = System.nanoTime();
        }
    }

    public void run(int index) throws Exception {
        if (Slow.READY == 0) {
            throw new IllegalStateException("not initialised");
        }
    }
}
