package loomscope.attach;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A test application with four kinds of route, each a virtual thread a request, run one after the other so that
 * LoomScope's classes can be checked route by route (CausesUnderAgentTest):
 * <ul>
 * <li>{@link #nativeRoute}: a sleep inside a native frame (libc qsort's upcall; JDK 22+): pinned on every JDK;</li>
 * <li>{@link #syncRoute}: a sleep inside {@code synchronized}: pinned on 21, unmounted on 24+;</li>
 * <li>{@link #pipeRoute}: a blocking read of a child process's pipe: it holds the carrier, a system call, not a pin;</li>
 * <li>{@link #sleepRoute}: a plain sleep: unmounted everywhere;</li>
 * <li>{@link #fifoRoute}: opening a named pipe until its writer comes: it holds the carrier in a system call of which
 * JFR posts nothing (only a stack sampled while it was held tells).</li>
 * </ul>
 * Arguments: requests per route, and a folder for the named pipes. Compiled for release 21; the native route is taken
 * only where the JDK has FFM.
 */
public final class CausesTarget {
    private static final long SLEEP_MILLIS = 20;

    private CausesTarget() { }

    public static void main(String[] args) throws Exception {
        int requests = Integer.parseInt(args[0]);
        fifos = java.nio.file.Path.of(args[1]);
        WRITERS.prestartAllCoreThreads();
        List<String> mkfifo = new ArrayList<>(List.of("mkfifo"));
        for (int i = 0; i < requests; i++) {
            mkfifo.add(fifos.resolve("fifo" + i).toString());
        }
        if (new ProcessBuilder(mkfifo).inheritIO().start().waitFor() != 0) {   // here: a process start holds a carrier too
            throw new IllegalStateException("mkfifo failed");
        }
        boolean ffm = Runtime.version().feature() >= 22;
        List<Runnable> routes = new ArrayList<>(List.of(CausesTarget::syncRoute, CausesTarget::pipeRoute,
                CausesTarget::sleepRoute, CausesTarget::fifoRoute));
        if (ffm) {
            routes.add(0, CausesTarget::nativeRoute);
        }
        for (int i = 0; i < requests; i++) {
            for (Runnable route : routes) {
                Thread.ofVirtual().name("request-" + i).start(route).join();
            }
        }
        // JFR delivers its events about a second late and stops at exit without the last ones: give it that second,
        // so that the last requests' witnesses arrive
        Thread.sleep(2_500);
        System.out.println("done " + requests + " requests on " + routes.size() + " routes");
    }

    // each route sleeps in its own frame: a mount's site is the first frame outside the JDK, and a shared helper would
    // make every route's site the helper's

    static void nativeRoute() {
        new loomscope.workload.jdk22.QsortUpcallSection().callThroughNativeFrame(() -> {
            try {
                Thread.sleep(SLEEP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    static void syncRoute() {
        Object lock = new Object();
        synchronized (lock) {
            try {
                Thread.sleep(SLEEP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static void pipeRoute() {
        try {
            Process writer = new ProcessBuilder("sh", "-c", "sleep 0.02; echo x").redirectErrorStream(true).start();
            try (InputStream in = writer.getInputStream()) {
                in.read();   // blocks in read(2) on the pipe until the child writes
            }
            writer.waitFor();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static java.nio.file.Path fifos;
    /**
     * The named pipes' writers, started before the requests: a platform thread started by a virtual thread can pin on
     * the JDK's own locks as it starts (seen beside CPU hogs), and a join is an Object.wait, which pins on 21.
     */
    private static final java.util.concurrent.ThreadPoolExecutor WRITERS = new java.util.concurrent.ThreadPoolExecutor(1, 1,
            1, java.util.concurrent.TimeUnit.MINUTES, new java.util.concurrent.LinkedBlockingQueue<>(), r -> {
                Thread t = new Thread(r, "fifo-writer");
                t.setDaemon(true);
                return t;
            });
    private static int fifoCount;

    static void fifoRoute() {
        try {
            java.io.File fifo = fifos.resolve("fifo" + fifoCount++).toFile();
            WRITERS.execute(() -> {
                try {
                    Thread.sleep(SLEEP_MILLIS);
                    new java.io.FileOutputStream(fifo).close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            new java.io.FileInputStream(fifo).close();   // blocks in open(2) until the writer opens its end
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static void sleepRoute() {
        try {
            Thread.sleep(SLEEP_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
