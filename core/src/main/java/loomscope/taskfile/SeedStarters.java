package loomscope.taskfile;

import java.util.Map;

/**
 * The seed's starters of the lock modes that are plain Java ({@code seed-none.java}, {@code seed-synchronized.java}, ...):
 * one seed, its CPU work and its sleep written once in {@link #SEED}, with each mode's words, fields and lines around
 * the sleep put in, so that the starters cannot drift apart. Each is still a class of its own that compiles alone, as
 * the user's starting code (StarterSnippetsTest). Native-frame's is a file of its own ({@code seed-native-frame.java}):
 * its sleep happens in a callback, and nothing of this shape is left in it.
 */
final class SeedStarters {

    /** The seed's task; {@code {about}} is its header (comment and imports), the other marks its mode's lines. */
    private static final String SEED = """
            {about}public class {class} {
                static final int CPU_ITERATIONS = 10_000;
                static final int SLEEP_MS = 5;
            {fields}

                public void run(int index) throws Exception {
                    double sum = 0;
                    for (int i = 0; i < CPU_ITERATIONS; i++) {
                        sum += Math.sin(i) * Math.cos(i);
                    }
                    sink = sum;
            {sleep}
                }
            }
            """;

    private static final String SINK = "    volatile double sink;";

    /** One mode's lines: the header, the class's name, its fields (with the seed's sink) and its sleep. */
    private record Mode(String about, String className, String fields, String sleep) {
        String text() {
            return SEED.replace("{about}", about).replace("{class}", className).replace("{fields}", fields)
                    .replace("{sleep}", sleep);
        }
    }

    private static final Map<String, Mode> BY_FILE_NAME = Map.of(
            "seed-none.java", new Mode("""
                    // The seed without a lock: CPU work, then a 5 ms
                    // sleep. The sleep unmounts on every JDK; the run
                    // takes about N x CPU time / P. (platform-vs-virtual
                    // runs this on platform threads too; a task file
                    // runs on virtual threads only.)
                    """, "SeedNone", SINK, """
                            Thread.sleep(SLEEP_MS);\
                    """),
            "seed-shared-synchronized.java", new Mode("""
                    // The seed with ONE lock for all threads: they
                    // take turns, so the run is serialised on every
                    // JDK (N x 5 ms at least).
                    """, "SeedSharedSynchronized", """
                        private final Object lock = new Object();
                    """ + SINK, """
                            synchronized (lock) {
                                Thread.sleep(SLEEP_MS);
                            }\
                    """),
            "seed-synchronized.java", new Mode("""
                    // The seed: CPU work, then a 5 ms sleep inside
                    // synchronized on a lock of its own. JDK 21 pins
                    // the carrier for each sleep (N x 5.4 ms / P at
                    // least); JDK 24+ unmounts the sleeper (JEP 491).
                    """, "SeedSynchronized", SINK + "\n" + """
                        // Published: the JIT drops a lock that no
                        // other thread sees, and nothing would pin.
                        volatile Object published;\
                    """, """
                            Object lock = new Object();
                            published = lock;
                            synchronized (lock) {
                                Thread.sleep(SLEEP_MS);
                            }\
                    """),
            "seed-reentrant-lock.java", new Mode("""
                    // The seed with a ReentrantLock of its own: a
                    // virtual thread that sleeps holding it unmounts,
                    // on JDK 21 as on 25. Never pins.
                    import java.util.concurrent.locks.ReentrantLock;

                    """, "SeedReentrantLock", SINK, """
                            ReentrantLock lock = new ReentrantLock();
                            lock.lock();
                            try {
                                Thread.sleep(SLEEP_MS);
                            } finally {
                                lock.unlock();
                            }\
                    """));

    private SeedStarters() { }

    /** The starter whose file is {@code fileName} ({@code seed-none.java}), or null where it is none of these. */
    static String byFileName(String fileName) {
        Mode mode = BY_FILE_NAME.get(fileName);
        return mode == null ? null : mode.text();
    }
}
