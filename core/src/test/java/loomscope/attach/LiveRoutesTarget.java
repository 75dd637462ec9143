package loomscope.attach;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A test application with two routes that run at the same time, for {@code attach --every} (LiveLinesCliTest): one
 * reads a child process's pipe ({@link CausesTarget#pipeRoute}: captured), the other holds its carrier pinned (on JDK
 * 22+ a sleep in a native frame, {@link CausesTarget#nativeRoute}; on 21 a sleep in {@code synchronized},
 * {@link CausesTarget#syncRoute}). It prints {@code ready}, waits for a line on stdin, then sends a request to each
 * route every {@value #PERIOD_MILLIS} ms, each a virtual thread of its own, until stdin closes. Compiled for release 21.
 */
public final class LiveRoutesTarget {
    private static final long PERIOD_MILLIS = 100;

    private LiveRoutesTarget() { }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        // each route once here, on this platform thread, not in a request: the classes it needs are initialised (a
        // virtual thread that waits for another's initialiser is pinned, at the route's line) and the native linker's
        // library loaded (a system call, captured at the native route's line: seen once in a cold JVM)
        Runnable pinned = Runtime.version().feature() >= 22 ? CausesTarget::nativeRoute : CausesTarget::syncRoute;
        CausesTarget.pipeRoute();
        pinned.run();
        System.out.println("ready");
        System.out.flush();
        if (in.readLine() == null) {
            return;
        }
        List<Thread> routes = new ArrayList<>();
        for (Runnable route : List.<Runnable>of(CausesTarget::pipeRoute, pinned)) {
            Thread t = new Thread(() -> {
                try {
                    while (true) {
                        Thread.ofVirtual().name("request").start(route);
                        Thread.sleep(PERIOD_MILLIS);
                    }
                } catch (InterruptedException e) {
                    // stdin closed: the end
                }
            }, "route");
            t.setDaemon(true);
            t.start();
            routes.add(t);
        }
        System.out.println("started");
        System.out.flush();
        while (in.readLine() != null) {
            // until stdin closes
        }
        routes.forEach(Thread::interrupt);
    }
}
