package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import loomscope.probe.CauseReport;
import loomscope.recording.CarrierLog;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;
import loomscope.testing.Jdk21;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #44's server whose routes run at once ({@link BusyRoutesTarget}: a socket read that parks, a pinned sleep, a pipe
 * read), on two carriers, recorded with {@code -javaagent:…=save=} on this JDK and on JDK 21. The socket read's JFR
 * event spans the other threads' mounts: it must explain none of them. Every held mount's site is the route that held
 * it; none is at the parking route's line.
 */
class BusyRoutesUnderAgentTest {
    private static final int REQUESTS = 30;
    /** Held mounts a route may miss (a first request in a cold JVM; a held mount no witness could place is unsure). */
    private static final int SLACK = 4;

    @TempDir
    Path dir;

    @Test
    void onThisJdkTheParkingReadExplainsNoneOfTheOtherRoutesMounts() throws Exception {
        check(record(Path.of(System.getProperty("java.home")), "--enable-native-access=ALL-UNNAMED"), false);
    }

    @Test
    void onJdk21TheSame() throws Exception {
        Path jdk21 = Jdk21.find();
        Assumptions.assumeTrue(jdk21 != null, "no JDK 21 here (LOOMSCOPE_JDK21)");
        check(record(jdk21), true);
    }

    /**
     * {@code onJdk21}: there a virtual thread blocked on a monitor cannot unmount, and the JDK's own code under a route
     * takes monitors (a class's loading lock in a first request, a {@code ConcurrentHashMap} bin as a process is
     * reaped). Beside CPU hogs one such wait held a pipe route's carrier 1.3 ms, in a stack of its own thread: a real
     * pin, and rightly red. A route other than {@code heldRoute} may be pinned only so, and only a few times.
     */
    private static void check(AgentRecordingFile.Read read, boolean onJdk21) throws Exception {
        CauseReport causes = read.causes();
        String readLine = "socketRoute:" + lineOf("parks until the backend answers");
        // the socket read parks: it explains no mount, its own or another thread's; at its line only the socket route's
        // own thread can be held, in Java code off its CPU (a class loaded in its first read, beside CPU hogs): unsure
        assertTrue(causes.sites().stream().noneMatch(s -> s.frame().endsWith(readLine) && !s.kind().equals("unsure")),
                "no mount classed at the parking read's line (" + readLine + "): " + causes.sites());
        assertTrue(causes.sites().stream().noneMatch(s -> s.reasons().stream().anyMatch(r -> r.reason().startsWith("socket read"))),
                "the parking read is no mount's witness: " + causes.sites());
        assertTrue(causes.sites().stream().noneMatch(s -> s.frame().contains("socketRoute") && s.kind().equals("pinned")
                && !ownMonitorOnJdk21(s, onJdk21)), "the socket route pins nothing: " + causes.sites());
        int pinned = count(causes, "pinned", "heldRoute");
        int captured = count(causes, "captured", "pipeRoute");
        assertTrue(pinned >= REQUESTS - SLACK, pinned + " pinned at heldRoute of " + REQUESTS + ": " + causes.sites());
        assertTrue(captured >= REQUESTS - SLACK, captured + " captured at pipeRoute of " + REQUESTS + ": " + causes.sites());
        // a route's own mount may be unsure (held in Java code off its CPU, beside CPU hogs); never the other's class
        assertTrue(causes.sites().stream().noneMatch(s -> s.frame().contains("heldRoute") && s.kind().equals("captured")),
                "heldRoute is never captured: " + causes.sites());
        assertTrue(causes.sites().stream().noneMatch(s -> s.frame().contains("pipeRoute") && s.kind().equals("pinned")
                && !ownMonitorOnJdk21(s, onJdk21)), "pipeRoute is never pinned: " + causes.sites());
        int monitorPins = causes.sites().stream().filter(s -> s.kind().equals("pinned")
                && (s.frame().contains("socketRoute") || s.frame().contains("pipeRoute"))).mapToInt(CauseReport.Site::count).sum();
        assertTrue(monitorPins <= SLACK, monitorPins + " pins at the socket and pipe routes: " + causes.sites());
        // every mount a witness explained: never at the socket's parking read, nor by it. The route's one-byte write
        // may be its own thread's system call: beside CPU hogs one on JDK 21 held its carrier 2.8 ms, and JFR's
        // socket-write event, the witness of that thread, rightly called it captured
        RunRecording r = read.run().recording();
        for (CarrierLog log : r.carriersByIndex()) {
            for (int i = 0; i < log.size(); i++) {
                MountWhy why = r.whyOf(log.index(), i);
                if (why != null && why.cause() != loomscope.recording.MountClass.UNSURE) {
                    assertTrue(!why.site().endsWith(readLine), "a mount put at the socket read: " + why);
                    assertTrue(!why.site().contains("socketRoute") || why.reason() == null
                            || !why.reason().startsWith("socket read"), "a mount the socket read explained: " + why);
                    assertTrue(!why.site().contains("socketRoute") || why.cause() == loomscope.recording.MountClass.CAPTURED
                            || onJdk21 && MONITOR.equals(why.reason()),
                            "the socket route's own write is at most captured: " + why);
                }
            }
        }
    }

    /** What a held thread's own stack says when it is blocked on a monitor ({@code HeldStacks}). */
    private static final String MONITOR = "blocked on a monitor while pinned, in a sampled stack";

    /** On JDK 21, a site pinned only because its own thread's sampled stack was blocked on a monitor. */
    private static boolean ownMonitorOnJdk21(CauseReport.Site s, boolean onJdk21) {
        return onJdk21 && s.reasons().stream().allMatch(r -> r.reason().equals(MONITOR));
    }

    /** The line of BusyRoutesTarget.java that holds {@code text}. */
    private static int lineOf(String text) throws java.io.IOException {
        List<String> lines = Files.readAllLines(TargetJvm.source("BusyRoutesTarget.java"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text + " is not in BusyRoutesTarget.java");
    }

    private static int count(CauseReport causes, String kind, String route) {
        return causes.sites().stream().filter(s -> s.kind().equals(kind) && s.frame().contains(route))
                .mapToInt(CauseReport.Site::count).sum();
    }

    private AgentRecordingFile.Read record(Path javaHome, String... flags) throws Exception {
        List<String> all = new ArrayList<>(List.of("-Djdk.virtualThreadScheduler.parallelism=2",
                "-Djdk.virtualThreadScheduler.maxPoolSize=2"));
        all.addAll(List.of(flags));
        return SavedUnderAgent.record(dir, javaHome, "BusyRoutesTarget.java", BusyRoutesTarget.class, all,
                Integer.toString(REQUESTS));
    }
}
