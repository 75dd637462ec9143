package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import jdk.jfr.Recording;

/**
 * The attach tests' target application, run in a JVM of its own (compiled for release 21 by the test, so that a JDK 21
 * runs it too): a Helidon SE 4 web server on a loopback port, which runs each connection's requests on a virtual thread
 * of its own. Its own JFR recording of {@code jdk.VirtualThreadPinned} (threshold 0) runs from the start, dumped on
 * request. It prints {@code PORT n} once it listens, and exits when its stdin closes (the test is over).
 * <ul>
 *   <li>{@code /sleep?k=K&ms=M}: sleeps K times M ms (each sleep unmounts) between two marks;</li>
 *   <li>{@code /pin}: initialises a fresh {@link PinningInit}, whose initializer sleeps pinned;</li>
 *   <li>{@code /jfr?file=F}: dumps the JFR recording to F;</li>
 *   <li>{@code /ping}: answers {@code pong}.</li>
 * </ul>
 * {@code /sleep} and {@code /pin} answer "threadId isVirtual startNanos endNanos" (the marks on System.nanoTime);
 * {@code /jfr} answers "nanoTime epochNanos", read together, to place JFR's instants on that clock.
 */
public final class HelidonTarget {
    private HelidonTarget() { }

    public static void main(String[] args) throws IOException {
        Recording jfr = new Recording();
        jfr.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
        jfr.start();
        WebServer server = WebServer.builder().host("127.0.0.1").port(0)
                .routing(r -> r.get("/sleep", HelidonTarget::sleep)
                        .get("/pin", HelidonTarget::pin)
                        .get("/jfr", (req, res) -> dump(jfr, req, res))
                        .get("/ping", (req, res) -> res.send("pong")))
                .build().start();
        System.out.println("PORT " + server.port());
        System.out.flush();
        while (System.in.read() >= 0) {
            // the test holds our stdin open while it needs us
        }
        server.stop();
        System.exit(0);
    }

    private static void sleep(ServerRequest req, ServerResponse res) throws InterruptedException {
        int k = Integer.parseInt(req.query().get("k"));
        long ms = Long.parseLong(req.query().get("ms"));
        long start = System.nanoTime();
        for (int i = 0; i < k; i++) {
            Thread.sleep(ms);
        }
        long end = System.nanoTime();
        res.send(marks(start, end));
    }

    private static void pin(ServerRequest req, ServerResponse res) throws Exception {
        long start = System.nanoTime();
        Class.forName(PinningInit.class.getName(), true, new FreshLoader());
        long end = System.nanoTime();
        res.send(marks(start, end));
    }

    private static String marks(long start, long end) {
        Thread t = Thread.currentThread();
        return t.threadId() + " " + t.isVirtual() + " " + start + " " + end;
    }

    private static void dump(Recording jfr, ServerRequest req, ServerResponse res) throws IOException {
        long nanos = System.nanoTime();
        Instant wall = Instant.now();
        long after = System.nanoTime();
        jfr.dump(Path.of(req.query().get("file")));
        res.send((nanos + after) / 2 + " " + (wall.getEpochSecond() * 1_000_000_000L + wall.getNano()));
    }

    /** Defines PinningInit from its class file, so that its initializer runs again in each loader. */
    private static final class FreshLoader extends ClassLoader {
        FreshLoader() {
            super(HelidonTarget.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(PinningInit.class.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try (InputStream in = HelidonTarget.class.getResourceAsStream("PinningInit.class")) {
                        byte[] bytes = in.readAllBytes();
                        c = defineClass(name, bytes, 0, bytes.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return c;
            }
        }
    }
}
