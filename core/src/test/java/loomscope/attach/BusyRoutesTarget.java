package loomscope.attach;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;

/**
 * A test application whose routes run at once on two carriers, as on a busy server (BusyRoutesUnderAgentTest):
 * <ul>
 * <li>{@link #socketRoute}: reads a slow backend's answer from a socket a platform thread connected for it; the read
 * parks, so it never holds a carrier, and JFR's socket-read event spans every other thread's mounts meanwhile;</li>
 * <li>{@link #heldRoute}: a sleep in a native frame (libc qsort's upcall; JDK 22+), or on JDK 21 in
 * {@code synchronized}: pinned;</li>
 * <li>{@link #pipeRoute}: a blocking read of a child process's pipe: captured.</li>
 * </ul>
 * Each request is a virtual thread; a few of each route are in flight at once. Arguments: requests per route, or
 * {@code serve}: say READY, then serve a request of each route every 50 ms until stdin ends (the window's tests attach
 * to it). Compiled for release 21; the native frame only where the JDK has FFM.
 */
public final class BusyRoutesTarget {
    private static final long SLEEP_MILLIS = 20;
    private static final int IN_FLIGHT = 4;
    private static int backendPort;
    /** Sockets connected to the backend by a platform thread: the socket route's only call is its read. */
    private static final java.util.concurrent.BlockingQueue<Socket> CONNECTED = new java.util.concurrent.ArrayBlockingQueue<>(8);

    private BusyRoutesTarget() { }

    public static void main(String[] args) throws Exception {
        ServerSocket backend = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        backendPort = backend.getLocalPort();
        Thread server = new Thread(() -> serve(backend), "backend");
        server.setDaemon(true);
        server.start();
        Thread dialer = new Thread(BusyRoutesTarget::dial, "dialer");
        dialer.setDaemon(true);
        dialer.start();
        if (args[0].equals("serve")) {
            serveUntilStdinEnds();
            return;
        }
        int requests = Integer.parseInt(args[0]);
        List<Thread> all = new ArrayList<>();
        Semaphore sockets = new Semaphore(IN_FLIGHT);
        Semaphore held = new Semaphore(IN_FLIGHT);
        Semaphore pipes = new Semaphore(IN_FLIGHT);
        for (int i = 0; i < requests; i++) {
            all.add(start("socket-" + i, sockets, BusyRoutesTarget::socketRoute));
            all.add(start("held-" + i, held, BusyRoutesTarget::heldRoute));
            all.add(start("pipe-" + i, pipes, BusyRoutesTarget::pipeRoute));
        }
        for (Thread t : all) {
            t.join();
        }
        // JFR delivers its events about a second late and stops at exit without the last ones
        Thread.sleep(2_500);
        System.out.println("done " + requests + " requests on 3 routes at once");
    }

    private static void serveUntilStdinEnds() throws Exception {
        Thread requests = new Thread(() -> {
            Semaphore sockets = new Semaphore(2);
            Semaphore held = new Semaphore(2);
            Semaphore pipes = new Semaphore(2);
            try {
                for (int i = 0; ; i++) {
                    start("socket-" + i, sockets, BusyRoutesTarget::socketRoute);
                    start("held-" + i, held, BusyRoutesTarget::heldRoute);
                    start("pipe-" + i, pipes, BusyRoutesTarget::pipeRoute);
                    Thread.sleep(50);
                }
            } catch (InterruptedException e) {
                // the end
            }
        }, "requests");
        requests.setDaemon(true);
        requests.start();
        System.out.println("READY");
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the test closes stdin
        }
    }

    private static Thread start(String name, Semaphore inFlight, Runnable route) throws InterruptedException {
        inFlight.acquire();
        return Thread.ofVirtual().name(name).start(() -> {
            try {
                route.run();
            } finally {
                inFlight.release();
            }
        });
    }

    private static void dial() {
        while (true) {
            try {
                CONNECTED.put(new Socket(InetAddress.getLoopbackAddress(), backendPort));
            } catch (Exception e) {
                return;
            }
        }
    }

    /** The slow backend: each connection on a platform thread of its own, answered a while after it is taken. */
    private static void serve(ServerSocket backend) {
        while (true) {
            try {
                Socket s = backend.accept();
                Thread t = new Thread(() -> {
                    try (s; InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        in.read();   // the client's word that it took the connection
                        Thread.sleep(SLEEP_MILLIS);
                        out.write('y');
                        out.flush();
                    } catch (Exception e) {
                        // the client went away
                    }
                }, "backend-connection");
                t.setDaemon(true);
                t.start();
            } catch (Exception e) {
                return;
            }
        }
    }

    // each route blocks in its own frame: a mount's site is the first frame outside the JDK

    static void socketRoute() {
        try (Socket s = CONNECTED.take()) {
            s.getOutputStream().write('x');   // a byte into an empty socket buffer: it does not block
            if (s.getInputStream().read() != 'y') {   // parks until the backend answers
                throw new IllegalStateException("the backend did not answer");
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static void heldRoute() {
        if (Runtime.version().feature() >= 22) {
            new loomscope.workload.jdk22.QsortUpcallSection().callThroughNativeFrame(() -> {
                try {
                    Thread.sleep(SLEEP_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        } else {
            Object lock = new Object();
            synchronized (lock) {
                try {
                    Thread.sleep(SLEEP_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
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
}
