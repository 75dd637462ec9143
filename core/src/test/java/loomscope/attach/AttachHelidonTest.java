package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import loomscope.testing.Jdk21;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent in a real server library's JVM (Helidon SE 4, each connection's requests on a virtual thread), on JDK 25
 * and on JDK 21: every request's virtual thread is seen, a request that sleeps k times is exactly k + 1 mount episodes
 * between its marks (fewer only where an episode holds a whole sleep: its carrier stalled past it), each pinning request is a pinned episode that the target's own JFR recording saw on the same
 * virtual thread (and carrier, where JFR names it) at the same time, the server answers after the detach, and a second
 * attach to the same JVM records every episode once. Load is bounded (a few dozen requests, four at a time) and no
 * assertion is about how long anything took.
 */
class AttachHelidonTest {
    private static final int SLEEPS = 3;
    private static final int SLEEP_MS = 20;
    private static final int SLEEP_REQUESTS = 24;
    private static final int PIN_REQUESTS = 4;
    private static final long JFR_SLACK_NANOS = 2_000_000;

    @TempDir
    static Path scratch;
    private static Path classes;

    @BeforeAll
    static void compileTarget() throws Exception {
        classes = TargetJvm.compile(Files.createDirectories(scratch.resolve("classes")));
    }

    @Test
    void onJdk25() throws Exception {
        attachTwiceTo(Path.of(System.getProperty("java.home")));
    }

    @Test
    void onJdk21() throws Exception {
        Path jdk21 = Jdk21.find();
        assumeTrue(jdk21 != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21 to run the attach test on JDK 21 as well");
        attachTwiceTo(jdk21);
    }

    private void attachTwiceTo(Path javaHome) throws Exception {
        try (TargetJvm target = TargetJvm.start(javaHome, classes, scratch)) {
            assertEquals("pong", target.get("/ping"));
            for (int round = 1; round <= 2; round++) {
                Path jfrFile = scratch.resolve("target-" + target.pid() + "-" + round + ".jfr");
                Session s = record(target, jfrFile);
                String targetErr = Files.readString(target.stderr);
                String where = "round " + round + " on " + javaHome + ": ";
                assertTrue(s.session.detached(), where + "the agent did not confirm the detach: " + s.session.ending()
                        + "; the target's stderr: " + targetErr);
                AttachedEpisodes e = s.session.episodes();
                assertEquals(0, e.dropped(), where + "episodes dropped");
                assertEquals(0, e.doubledHooks(), where + "mounts hooked twice (a transformer left in by the detach)");
                Map<Long, Integer> vtOf = new HashMap<>();
                e.virtualThreads().forEach(t -> vtOf.put(t.threadId(), t.vt()));
                for (Marks m : s.sleeps) {
                    assertTrue(m.isVirtual, where + "Helidon served a request on a platform thread");
                    assertTrue(vtOf.containsKey(m.threadId), where + "request thread " + m.threadId + " not seen");
                    List<AttachedEpisodes.Episode> between = episodesBetween(e, vtOf.get(m.threadId), m);
                    // A sleep whose carrier was stalled past its end returns without unmounting (rare, real: seen on a
                    // loaded machine): its episode then holds the whole sleep. Only such an episode may stand for a
                    // missing one; more episodes than k + 1 are never allowed.
                    long absorbed = between.stream().mapToLong(x -> (x.end() - x.start()) / (SLEEP_MS * 1_000_000L)).sum();
                    int missing = SLEEPS + 1 - between.size();
                    assertTrue(missing == 0 || missing > 0 && missing <= absorbed, where + "episodes of thread "
                            + m.threadId + " between its marks: " + between.size() + " for " + SLEEPS + " sleeps: " + between);
                }
                List<AttachedEpisodes.JfrPin> jfr = jfrPins(jfrFile, s.clockPair, e.targetOrigin());
                int pinsSeen = 0;
                for (Marks m : s.pins) {
                    assertTrue(vtOf.containsKey(m.threadId), where + "pinning thread " + m.threadId + " not seen");
                    List<AttachedEpisodes.Episode> pinned = e.episodes().stream()
                            .filter(x -> x.vt() == vtOf.get(m.threadId) && overlaps(x.start(), x.end(), m, e.targetOrigin()))
                            .filter(AttachedEpisodes.Episode::heldForSure).toList();
                    boolean jfrSawAPin = jfr.stream().anyMatch(p -> p.threadId() == m.threadId
                            && p.duration() >= PinningInit.PIN_MILLIS * 1_000_000L / 2);
                    if (pinned.isEmpty() && !jfrSawAPin) {
                        continue;   // the initializer's sleep never parked (its carrier stalled past it): neither saw a pin
                    }
                    pinsSeen++;
                    assertEquals(1, pinned.size(), where + "pinned episodes of pinning thread " + m.threadId
                            + " (JFR saw a pin of it: " + jfrSawAPin + ")");
                    AttachedEpisodes.Episode ep = pinned.get(0);
                    String carrier = e.carriers().get(ep.lane()).name();
                    boolean inJfr = jfr.stream().anyMatch(p -> p.threadId() == m.threadId
                            && (p.carrierName().isEmpty() || p.carrierName().equals(carrier))
                            && p.start() < ep.end() + JFR_SLACK_NANOS && p.end() > ep.start() - JFR_SLACK_NANOS);
                    assertTrue(inJfr, where + "no JFR pinned event of thread " + m.threadId + " on " + carrier
                            + " overlapping its pinned episode " + ep + "; JFR saw " + jfr);
                }
                assertTrue(pinsSeen > 0, where + "no pinning request pinned");
                assertEquals("pong", target.get("/ping"), where + "the server does not answer after the detach");
            }
            assertTrue(target.isAlive());
            assertFalse(Files.readString(target.stderr).contains("loomscope-agent:"),
                    "the agent complained: " + Files.readString(target.stderr));
        }
    }

    /** One attach: a bounded load of sleeping and pinning requests, the target's JFR dump, then the detach. */
    private static Session record(TargetJvm target, Path jfrFile) throws Exception {
        AttachSession session = AttachSession.start(target.pid(), AgentJar.locate());
        List<Marks> sleeps = new ArrayList<>();
        List<Marks> pins = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> sleeping = new ArrayList<>();
            List<Future<String>> pinning = new ArrayList<>();
            for (int i = 0; i < SLEEP_REQUESTS; i++) {
                sleeping.add(clients.submit(() -> target.get("/sleep?k=" + SLEEPS + "&ms=" + SLEEP_MS)));
                if (i % (SLEEP_REQUESTS / PIN_REQUESTS) == 0) {
                    pinning.add(clients.submit(() -> target.get("/pin")));
                }
            }
            for (Future<String> f : sleeping) {
                sleeps.add(Marks.parse(f.get()));
            }
            for (Future<String> f : pinning) {
                pins.add(Marks.parse(f.get()));
            }
        } finally {
            clients.shutdownNow();
        }
        String[] pair = target.get("/jfr?file=" + jfrFile).split(" ");
        session.stop();
        session.close();
        return new Session(session, sleeps, pins, new long[] {Long.parseLong(pair[0]), Long.parseLong(pair[1])});
    }

    private record Session(AttachSession session, List<Marks> sleeps, List<Marks> pins, long[] clockPair) { }

    /** A request's answer: its thread and the marks it took around its work, on the target's nanoTime. */
    private record Marks(long threadId, boolean isVirtual, long start, long end) {
        static Marks parse(String body) {
            String[] f = body.split(" ");
            return new Marks(Long.parseLong(f[0]), Boolean.parseBoolean(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]));
        }
    }

    private static boolean overlaps(long start, long end, Marks m, long origin) {
        return end > m.start - origin && start < m.end - origin;
    }

    private static List<AttachedEpisodes.Episode> episodesBetween(AttachedEpisodes e, int vt, Marks m) {
        return e.episodes().stream().filter(x -> x.vt() == vt && overlaps(x.start(), x.end(), m, e.targetOrigin())).toList();
    }

    /** The target's own JFR file, its instants placed on the session's clock through the target's (nanoTime, epoch) pair. */
    private static List<AttachedEpisodes.JfrPin> jfrPins(Path file, long[] pair, long origin) throws Exception {
        List<AttachedEpisodes.JfrPin> pins = new ArrayList<>();
        for (RecordedEvent ev : RecordingFile.readAllEvents(file)) {
            if (!ev.getEventType().getName().equals("jdk.VirtualThreadPinned")) {
                continue;
            }
            Instant t = ev.getStartTime();
            long epoch = t.getEpochSecond() * 1_000_000_000L + t.getNano();
            long start = pair[0] + (epoch - pair[1]) - origin;
            String carrier = ev.hasField("carrierThread") && ev.getThread("carrierThread") != null
                    ? ev.getThread("carrierThread").getJavaName() : "";
            long threadId = ev.getThread() == null ? -1 : ev.getThread().getJavaThreadId();
            pins.add(new AttachedEpisodes.JfrPin(threadId, start, ev.getDuration().toNanos(), carrier));
        }
        return pins;
    }
}
